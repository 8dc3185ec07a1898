package dev.bufmgr.wal.crash;

import dev.bufmgr.wal.VirtualWal;
import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The power-loss check of the data file: at each crash instant of a recorded run ({@link
 * DataFileHistory}, with the run's log kept by a {@link VirtualWal#recording recording} log),
 * every page write exposed to the power loss ({@link Exposure}: in flight, or not yet forced) is
 * left not done, done, or torn at 4 KiB and at 512-byte boundaries ({@link Tears}: each block
 * independently old or new, or a first part new), as ALICE (OSDI '14) and CrashMonkey (OSDI '18)
 * enumerate a write's persisted blocks; the rest of the data file is on storage. Each state of the page is then recovered by redo ({@link PageRedo}):
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
 * instant are enumerated page by page: the count of states is the sum over the exposed pages,
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
   * @param exposed page writes exposed to the power loss (in flight, or unforced) over all of them
   * @param states page states recovered (each exposed page whole at each of its versions, and torn)
   * @param torn torn states (some blocks old, some new)
   * @param repaired torn states redo brought to the page's durable version
   * @param unrecoverable torn states redo could not repair
   * @param lost untorn states (a write not done or done) redo got wrong: must be 0
   * @param firstUnrecoverable the first unrecoverable state, or {@code null}
   * @param firstLost the first lost one, or {@code null}
   */
  public record Result(long crashPoints, long exposed, long states, long torn, long repaired, long unrecoverable, long lost,
      String firstUnrecoverable, String firstLost) {}

  /**
   * Checks the crash states at {@code instants} of the run {@code history} recorded, whose page
   * changes {@code wal} kept, for pages of {@code pageSize} bytes, the writes {@code exposure}
   * names left not done, done or torn.
   *
   * <p>A page with several exposed writes (versions v1 &lt; ... &lt; vk over the version it has on
   * storage, v0) may be left whole at any of them, or torn between each vi and the one before it.
   */
  public static Result run(DataFileHistory history, VirtualWal wal, int pageSize, Tears tears, Exposure exposure, long[] instants) {
    PageLogs logs = new PageLogs(wal);
    PageRedo page = new PageRedo(pageSize);
    long[] n = new long[5]; // exposed writes, states, torn, repaired, lost
    String[] first = new String[2];
    for (long t : instants) {
      long durable = history.durableAt(t);
      long redo = history.redoAt(t);
      Long2ObjectHashMap<long[]> exposed = new Long2ObjectHashMap<>();
      for (int w = 0; w < history.writes() && history.submitted(w) <= t; w++) {
        if (exposure.exposed(history, w, t) && !exposed.containsKey(history.page(w))) {
          exposed.put(history.page(w), versions(history, history.page(w), t, exposure));
        }
      }
      exposed.forEach((id, versions) -> {
        int g = logs.group(id);
        long[] lsns = g < 0 ? new long[0] : logs.lsns[g];
        boolean[] restores = g < 0 ? new boolean[0] : logs.restores[g];
        int begin = upperBound(lsns, redo);
        int end = upperBound(lsns, durable);
        long must = end == 0 ? 0 : lsns[end - 1];
        n[0] += versions.length - 1;
        for (long whole : versions) {
          n[1]++;
          page.load(whole);
          page.replay(lsns, restores, begin, end);
          if (!page.holds(must)) {
            n[4]++;
            if (first[1] == null) first[1] = describe(t, id, versions, "whole at " + whole, redo, durable, must);
          }
        }
        for (int v = 1; v < versions.length; v++) {
          long from = versions[v - 1];
          long to = versions[v];
          for (int blockBytes : GRANULARITIES) {
            tears.forEach(pageSize / blockBytes, mask -> {
              page.load(from, to, blockBytes, mask);
              page.replay(lsns, restores, begin, end);
              n[1]++;
              n[2]++;
              if (page.holds(must)) {
                n[3]++;
              } else if (first[0] == null) {
                first[0] = describe(t, id, versions, "torn from " + from + " to " + to + ", blocks of " + blockBytes
                    + " bytes new in mask 0x" + Integer.toHexString(mask), redo, durable, must);
              }
            });
          }
        }
      });
    }
    return new Result(instants.length, n[0], n[1], n[2], n[3], n[2] - n[3], n[4], first[0], first[1]);
  }

  /**
   * The versions {@code page} may be left at by a crash at {@code instant}: the one on storage
   * (the highest of its writes not exposed, 0 for none), then those of its exposed writes, in
   * increasing order, each once.
   */
  private static long[] versions(DataFileHistory history, long page, long instant, Exposure exposure) {
    long stable = 0;
    long[] out = new long[1];
    int k = 0;
    for (int w : history.writesOf(page)) {
      if (history.submitted(w) > instant) break;
      if (!exposure.exposed(history, w, instant)) {
        stable = Math.max(stable, history.lsn(w));
      } else {
        if (k + 1 == out.length) out = Arrays.copyOf(out, out.length * 2);
        out[++k] = history.lsn(w);
      }
    }
    out[0] = stable;
    long[] v = Arrays.copyOf(out, k + 1);
    Arrays.sort(v);
    int distinct = 0;
    for (int i = 0; i < v.length; i++) {
      if (v[i] < stable) continue;
      if (distinct == 0 || v[i] != v[distinct - 1]) v[distinct++] = v[i];
    }
    return Arrays.copyOf(v, distinct);
  }

  private static String describe(long t, long page, long[] versions, String state, long redo, long durable, long must) {
    return "crash at " + t + ": page " + page + " (versions " + Arrays.toString(versions) + "), " + state + "; redo from " + redo
        + " to the durable end " + durable + " must give version " + must;
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
