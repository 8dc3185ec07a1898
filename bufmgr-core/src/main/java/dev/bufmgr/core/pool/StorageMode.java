package dev.bufmgr.core.pool;

/** Whether the pool holds page bytes or only the metadata that replay needs. */
public enum StorageMode {
  /** No page bytes: descriptors and mapping only, for replaying traces with millions of pages. */
  METADATA,
  /** One off-heap region of N pages with real bytes, for contention runs and the WAL pipeline. */
  PAGE_MEMORY;

  /** Parses {@code metadata} or {@code page-memory} / {@code pages}. */
  public static StorageMode parse(String text) {
    return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "metadata", "meta" -> METADATA;
      case "page-memory", "page_memory", "pages" -> PAGE_MEMORY;
      default ->
          throw new IllegalArgumentException(
              "unknown storage mode '" + text + "' (expected metadata or page-memory)");
    };
  }
}
