package dev.bufmgr.core.buffer;

/**
 * How far apart neighbouring buffers' descriptor records (state word, tag, LSN, and the selector's
 * word when it asks for one) lie in a {@link Sharing#SHARED} pool. Unpadded records are 24 bytes
 * apart (32 with the selector's word) and share cache lines, which is compact and sweep-friendly;
 * padded records keep threads that pin neighbouring buffers from invalidating each other's lines
 * (false sharing), at 64 or 128 bytes per buffer. An {@link Sharing#EXCLUSIVE} pool, used by one
 * thread, packs its records and ignores padding.
 */
public enum Padding {
  /** Records packed, 24 or 32 bytes apart. */
  NONE(8),
  /** One 64-byte cache line per record. */
  CACHE_LINE(64),
  /** Two cache lines per record, against adjacent-line prefetching. */
  TWO_CACHE_LINES(128);

  private final int stride;

  Padding(int stride) {
    this.stride = stride;
  }

  /** The least distance in bytes from one record to the next (at least the record's own size). */
  public int stride() {
    return stride;
  }

  /** Parses {@code none}, {@code line} / {@code cache-line}, or {@code two-lines}. */
  public static Padding parse(String text) {
    return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "none", "0" -> NONE;
      case "line", "cache-line", "cache_line", "64" -> CACHE_LINE;
      case "two-lines", "two_cache_lines", "128" -> TWO_CACHE_LINES;
      default ->
          throw new IllegalArgumentException(
              "unknown padding '" + text + "' (expected none, line or two-lines)");
    };
  }
}
