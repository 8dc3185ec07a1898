package dev.bufmgr.core.buffer;

/**
 * How a request reaches the pool: the normal path, or one of PostgreSQL's buffer rings
 * ({@code GetAccessStrategy} in freelist.c). A ring recycles a small set of buffers for a bulk
 * operation so it does not flush the rest of the pool.
 */
public enum AccessStrategy {
  /** The shared path: victims come from the selector. */
  NORMAL(0),
  /** Sequential scans of large tables: a 256 KiB ring. */
  BULKREAD(256 * 1024),
  /** COPY and CREATE TABLE AS: a 16 MiB ring. */
  BULKWRITE(16 * 1024 * 1024),
  /** VACUUM: a 2 MiB ring. */
  VACUUM(2 * 1024 * 1024);

  private final int ringBytes;

  AccessStrategy(int ringBytes) {
    this.ringBytes = ringBytes;
  }

  /** Whether requests with this strategy go through a ring. */
  public boolean usesRing() {
    return this != NORMAL;
  }

  /**
   * The ring's size in buffers for a pool of {@code frames} buffers of {@code pageSize} bytes:
   * the ring's bytes over the page size, capped at one eighth of the pool and at least one
   * buffer. 0 for {@link #NORMAL}.
   */
  public int ringBuffers(int frames, int pageSize) {
    if (this == NORMAL) return 0;
    int buffers = ringBytes / pageSize;
    return Math.max(1, Math.min(frames / 8, buffers));
  }

  /** One-letter code used by the text trace format: n, b, w, v. */
  public char code() {
    return switch (this) {
      case NORMAL -> 'n';
      case BULKREAD -> 'b';
      case BULKWRITE -> 'w';
      case VACUUM -> 'v';
    };
  }

  /** Parses a one-letter code or a full name, case-insensitively. */
  public static AccessStrategy parse(String text) {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    return switch (t) {
      case "n", "normal" -> NORMAL;
      case "b", "bulkread" -> BULKREAD;
      case "w", "bulkwrite" -> BULKWRITE;
      case "v", "vacuum" -> VACUUM;
      default ->
          throw new IllegalArgumentException(
              "unknown access strategy '" + text + "' (expected n, b, w, v or normal, bulkread, bulkwrite, vacuum)");
    };
  }
}
