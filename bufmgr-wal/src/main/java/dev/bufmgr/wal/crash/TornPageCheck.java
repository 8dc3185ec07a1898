package dev.bufmgr.wal.crash;

import dev.bufmgr.wal.VirtualWal;
import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;

/**
 * The power-loss check of the data file: at each crash instant of a recorded run ({@link
 * DataFileHistory}, with the run's log kept by a {@link VirtualWal#recording recording} log),
 * every page write in flight is left not done, done, or torn at 4 KiB and at 512-byte boundaries
 * ({@link Tears}: each block independently old or new, or a first part new), as ALICE (OSDI '14)
 * and CrashMonkey (OSDI '18) enumerate a write's persisted blocks; the rest of the data file holds
 * what the device finished. Each state of the page is then recovered by redo ({@link PageRedo}):
 * from the redo point of the last checkpoint completed before the crash, every record of the page
 * up to the log's durable end at the crash.
 *
 * <p>What the page must be comes from the log alone, not from redo: the version of its last
 * change at or before the durable end (every such change is kept by the durability PostgreSQL
 * promises; a later one was never durable, and the write-ahead rule kept it off storage). A state
 * is repaired when every sector of the page holds that version after redo, unrecoverable
 * otherwise. A page written whole (the write lost or done) that comes out wrong is a lost change,
 * not a tear: the checkpoint, the write-ahead rule or redo is broken.
 *
 * <p>Each page's outcome depends only on its own state and the log, so the states of one crash
 * instant are enumerated page by page: the count of states is the sum over the writes in flight,
 * not their product. The other pages' redo is the durable log's check (RecoveryCheck, {@code
 * pipeline-recover}).
 */
public final class TornPageCheck {
  /** The atomic write units a page write is torn at. */
  static final int[] GRANULARITIES = {4096, PageRedo.SECTOR};

  private TornPageCheck() {}

  /**
   * What the check found.
   *
   * @param crashPoints crash instants examined
   * @param inFlight page writes in flight over all of them
   * @param states page states recovered (each write's not done, done and torn states)
   * @param torn torn states (some blocks old, some new)
   * @param repaired torn states redo brought to the page's durable version
   * @param unrecoverable torn states redo could not repair
   * @param lost untorn states (a write not done or done) redo got wrong: must be 0
   * @param firstUnrecoverable the first unrecoverable state, or {@code null}
   * @param firstLost the first lost one, or {@code null}
   */
  public record Result(long crashPoints, long inFlight, long states, long torn, long repaired, long unrecoverable, long lost,
      String firstUnrecoverable, String firstLost) {}

  /**
   * Checks the crash states at {@code instants} of the run {@code history} recorded, whose page
   * changes {@code wal} kept, for pages of {@code pageSize} bytes.
   */
  public static Result run(DataFileHistory history, VirtualWal wal, int pageSize, Tears tears, long[] instants) {
    PageLogs logs = new PageLogs(wal);
    PageRedo page = new PageRedo(pageSize);
    long inFlight = 0;
    long states = 0;
    long torn = 0;
    long repaired = 0;
    long lost = 0;
    String[] first = new String[2];
    for (long t : instants) {
      long durable = history.durableAt(t);
      long redo = history.redoAt(t);
      for (int w = 0; w < history.writes() && history.submitted(w) <= t; w++) {
        if (!history.inFlight(w, t)) continue;
        inFlight++;
        long id = history.page(w);
        long to = history.lsn(w);
        long from = history.storedAt(id, t);
        int g = logs.group(id);
        long[] lsns = g < 0 ? new long[0] : logs.lsns[g];
        boolean[] restores = g < 0 ? new boolean[0] : logs.restores[g];
        int begin = upperBound(lsns, redo);
        int end = upperBound(lsns, durable);
        long must = end == 0 ? 0 : lsns[end - 1];
        for (long whole : new long[] {from, to}) {
          states++;
          page.load(whole);
          page.replay(lsns, restores, begin, end);
          if (!page.holds(must)) {
            lost++;
            if (first[1] == null) first[1] = describe(t, id, from, to, "whole at " + whole, redo, durable, must);
          }
        }
        if (from == to) continue;
        for (int blockBytes : GRANULARITIES) {
          int blocks = pageSize / blockBytes;
          long[] counts = new long[2];
          tears.forEach(blocks, mask -> {
            page.load(from, to, blockBytes, mask);
            page.replay(lsns, restores, begin, end);
            if (page.holds(must)) {
              counts[0]++;
            } else {
              counts[1]++;
              if (first[0] == null) {
                first[0] = describe(t, id, from, to, "blocks of " + blockBytes + " bytes new in mask 0x" + Integer.toHexString(mask),
                    redo, durable, must);
              }
            }
          });
          states += counts[0] + counts[1];
          torn += counts[0] + counts[1];
          repaired += counts[0];
        }
      }
    }
    return new Result(instants.length, inFlight, states, torn, repaired, torn - repaired, lost, first[0], first[1]);
  }

  private static String describe(long t, long page, long from, long to, String state, long redo, long durable, long must) {
    return "crash at " + t + ": page " + page + " written from version " + from + " to " + to + ", " + state + "; redo from "
        + redo + " to the durable end " + durable + " must give version " + must;
  }

  /** The index of the first element of sorted {@code a} greater than {@code v}. */
  private static int upperBound(long[] a, long v) {
    int lo = 0;
    int hi = a.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The log's page-change records grouped by page, each group in log order. */
  private static final class PageLogs {
    final Long2LongHashMap groups = new Long2LongHashMap(-1);
    final long[][] lsns;
    final boolean[][] restores;

    PageLogs(VirtualWal wal) {
      int n = wal.recordCount();
      int[] sizes = new int[16];
      for (int i = 0; i < n; i++) {
        int g = (int) groups.get(wal.recordPage(i));
        if (g < 0) {
          g = groups.size();
          groups.put(wal.recordPage(i), g);
          if (g == sizes.length) sizes = Arrays.copyOf(sizes, g * 2);
        }
        sizes[g]++;
      }
      lsns = new long[groups.size()][];
      restores = new boolean[groups.size()][];
      for (int g = 0; g < lsns.length; g++) {
        lsns[g] = new long[sizes[g]];
        restores[g] = new boolean[sizes[g]];
      }
      int[] filled = new int[lsns.length];
      for (int i = 0; i < n; i++) {
        int g = (int) groups.get(wal.recordPage(i));
        lsns[g][filled[g]] = wal.recordLsn(i);
        restores[g][filled[g]++] = wal.recordRestoresPage(i);
      }
    }

    int group(long page) {
      return (int) groups.get(page);
    }
  }
}
