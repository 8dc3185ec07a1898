package dev.bufmgr.wal;

/**
 * What a log has recorded, as PostgreSQL's {@code pg_stat_wal} reports it: records, full-page
 * images, bytes, and the bytes of the images.
 *
 * @param records records logged ({@code wal_records})
 * @param fullPageImages full-page images logged ({@code wal_fpi})
 * @param bytes log bytes, every record's length ({@code wal_bytes})
 * @param imageBytes bytes of the images among them ({@code wal_fpi_bytes})
 */
public record WalStats(long records, long fullPageImages, long bytes, long imageBytes) {
  /** Nothing logged. */
  public static final WalStats ZERO = new WalStats(0, 0, 0, 0);

  /** What was logged between {@code earlier} and this snapshot. */
  public WalStats minus(WalStats earlier) {
    return new WalStats(records - earlier.records, fullPageImages - earlier.fullPageImages,
        bytes - earlier.bytes, imageBytes - earlier.imageBytes);
  }

  /** The share of the bytes that are full-page images, or NaN when nothing was logged. */
  public double imageShare() {
    return bytes == 0 ? Double.NaN : (double) imageBytes / bytes;
  }
}
