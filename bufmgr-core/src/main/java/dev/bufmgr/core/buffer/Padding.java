package dev.bufmgr.core.buffer;

/**
 * How far apart neighbouring state words lie. Unpadded words share cache lines (8 per 64-byte
 * line), which is compact and sweep-friendly; padded words keep threads that pin neighbouring
 * buffers from invalidating each other's lines (false sharing), at 8x or 16x the memory.
 */
public enum Padding {
  /** 8 bytes per state word. */
  NONE(8),
  /** One 64-byte cache line per state word. */
  CACHE_LINE(64),
  /** Two cache lines per state word, against adjacent-line prefetching. */
  TWO_CACHE_LINES(128);

  private final int stride;

  Padding(int stride) {
    this.stride = stride;
  }

  /** Bytes from one state word to the next. */
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
