package dev.bufmgr.wal.crash;

import java.util.Arrays;

/**
 * Redo of one data page whose 512-byte sectors may come from different versions, as a torn write
 * leaves it. The page is modelled by the version each sector holds (a version is the LSN of the
 * change that made it; 0 the empty page never written) and by its header's LSN, {@code pd_lsn},
 * which lives in the first sector. Records are replayed as PostgreSQL's {@code
 * XLogReadBufferForRedo} does:
 *
 * <ul>
 *   <li>a record that rebuilds the whole page (a full-page image, {@code RestoreBlockImage}; or a
 *       record that initializes the page, {@code XLogInitBufferForRedo}) makes every sector and the
 *       header that record's version, whatever the page held;
 *   <li>a plain record applies only when the header's LSN is older than the record's ({@code
 *       BLK_NEEDS_REDO}; else {@code BLK_DONE}). Applied to a page whose every sector holds the
 *       version the record was made on (the page's previous change), it gives the record's
 *       version; applied to any other page (torn, or missing a change) it gives a page that is no
 *       version at all ({@link #NO_VERSION} in every sector), since a record only carries the bytes
 *       it changes. Either way the header takes the record's LSN ({@code PageSetLSN}).
 * </ul>
 *
 * A page is repaired when every sector holds the version the log's durable history says the page
 * must have (checked by {@link #holds}, against a value the caller computes from the log alone).
 * The model assumes every version differs from the one before in every sector, so a tear never
 * leaves a sector whose old and new bytes happen to agree: with full-page writes off it counts
 * the worst case.
 */
final class PageRedo {
  /** A sector that holds no version: a record was applied to a page it was not made on. */
  static final long NO_VERSION = -1;
  /** Bytes per sector. */
  static final int SECTOR = 512;

  private final long[] sectors;
  private long header;

  /** A page of {@code pageSize} bytes. */
  PageRedo(int pageSize) {
    this.sectors = new long[pageSize / SECTOR];
  }

  /**
   * Loads the page as a write from version {@code from} to {@code to} in blocks of {@code
   * blockBytes} left it: block {@code b} holds {@code to} when bit {@code b} of {@code newBlocks} is
   * set, else {@code from}.
   */
  void load(long from, long to, int blockBytes, int newBlocks) {
    int per = blockBytes / SECTOR;
    for (int s = 0; s < sectors.length; s++) sectors[s] = (newBlocks >>> (s / per) & 1) != 0 ? to : from;
    header = sectors[0];
  }

  /** Loads the page whole at {@code version}. */
  void load(long version) {
    Arrays.fill(sectors, version);
    header = version;
  }

  /**
   * Replays the page's records {@code from} (inclusive) to {@code to} (exclusive), in log order:
   * {@code lsns[i]} is record {@code i}'s LSN, {@code restores[i]} whether it rebuilds the whole
   * page, and the record before it in the arrays is the page's previous change (none before the
   * first: the empty page, 0).
   */
  void replay(long[] lsns, boolean[] restores, int from, int to) {
    for (int i = from; i < to; i++) {
      long lsn = lsns[i];
      if (restores[i]) {
        load(lsn);
      } else if (header < lsn) {
        long previous = i == 0 ? 0 : lsns[i - 1];
        Arrays.fill(sectors, holds(previous) ? lsn : NO_VERSION);
        header = lsn;
      }
    }
  }

  /** Whether every sector holds {@code version}. */
  boolean holds(long version) {
    for (long s : sectors) if (s != version) return false;
    return true;
  }
}
