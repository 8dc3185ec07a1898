package dev.bufmgr.wal.crash;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * What a simulated run did to its data file and to the durable end of its log, in time order, so
 * that the state a power loss at any instant leaves can be rebuilt ({@link TornPageCheck}): each
 * page write with the version (LSN) it wrote, when it was submitted and when the device finished
 * it; each force of the data file; each log flush's completion with the LSN the log became
 * durable to; each checkpoint's start and completion with its redo point (a completed checkpoint's
 * redo point is where recovery begins: PostgreSQL's {@code pg_control} moves only when the
 * checkpoint is done). Which writes a power loss may leave not done or torn is the check's
 * {@link Exposure}. Times are the driver's clock (virtual nanoseconds) and never decrease from one
 * call of a kind to the next; the device serves in order, so forces finish in order.
 *
 * <p>Not thread-safe: the simulation's one thread records.
 */
public final class DataFileHistory {
  private long[] writePages = new long[1024];
  private long[] writeLsns = new long[1024];
  private long[] writeSubmitted = new long[1024];
  private long[] writeDone = new long[1024];
  private boolean[] writeByCheckpoint = new boolean[1024];
  private int writes;
  private long[] flushAt = new long[256];
  private long[] flushLsn = new long[256];
  private int flushes;
  private long[] checkpointAt = new long[16];
  private long[] checkpointRedo = new long[16];
  private int checkpoints;
  private long[] syncSubmitted = new long[16];
  private long[] syncDone = new long[16];
  private int syncs;
  private long[] startedAt = new long[16];
  private long[] startedRedo = new long[16];
  private int started;
  private final long startLsn;
  private Long2ObjectHashMap<int[]> byPage;
  private int indexed;

  /** A history of a run whose log starts, durable and with its redo point, at {@code startLsn}. */
  public DataFileHistory(long startLsn) {
    this.startLsn = startLsn;
  }

  /**
   * A write of {@code page} carrying its version {@code lsn}, submitted at {@code submitted} and
   * finished by the device at {@code done}.
   *
   * @param byCheckpoint whether the checkpointer wrote it
   */
  public void pageWrite(long page, long lsn, long submitted, long done, boolean byCheckpoint) {
    if (writes == writePages.length) {
      int n = writes * 2;
      writePages = Arrays.copyOf(writePages, n);
      writeLsns = Arrays.copyOf(writeLsns, n);
      writeSubmitted = Arrays.copyOf(writeSubmitted, n);
      writeDone = Arrays.copyOf(writeDone, n);
      writeByCheckpoint = Arrays.copyOf(writeByCheckpoint, n);
    }
    writePages[writes] = page;
    writeLsns[writes] = lsn;
    writeSubmitted[writes] = submitted;
    writeDone[writes] = done;
    writeByCheckpoint[writes++] = byCheckpoint;
  }

  /** A log flush finished at {@code at}: the log is durable up to {@code lsn}. */
  public void logDurable(long at, long lsn) {
    if (flushes == flushAt.length) {
      flushAt = Arrays.copyOf(flushAt, flushes * 2);
      flushLsn = Arrays.copyOf(flushLsn, flushes * 2);
    }
    flushAt[flushes] = at;
    flushLsn[flushes++] = lsn;
  }

  /**
   * A force of the data file ({@code fsync}) submitted at {@code submitted} finished at {@code
   * done}: every page write submitted before it is on storage from then on.
   */
  public void dataSynced(long submitted, long done) {
    if (syncs == syncDone.length) {
      syncSubmitted = Arrays.copyOf(syncSubmitted, syncs * 2);
      syncDone = Arrays.copyOf(syncDone, syncs * 2);
    }
    syncSubmitted[syncs] = submitted;
    syncDone[syncs++] = done;
  }

  /** A checkpoint with redo point {@code redo} began at {@code at} (its record is in the log). */
  public void checkpointStarted(long at, long redo) {
    if (started == startedAt.length) {
      startedAt = Arrays.copyOf(startedAt, started * 2);
      startedRedo = Arrays.copyOf(startedRedo, started * 2);
    }
    startedAt[started] = at;
    startedRedo[started++] = redo;
  }

  /** The checkpoint with redo point {@code redo} completed at {@code at}: recovery begins there from now on. */
  public void checkpointCompleted(long at, long redo) {
    if (checkpoints == checkpointAt.length) {
      checkpointAt = Arrays.copyOf(checkpointAt, checkpoints * 2);
      checkpointRedo = Arrays.copyOf(checkpointRedo, checkpoints * 2);
    }
    checkpointAt[checkpoints] = at;
    checkpointRedo[checkpoints++] = redo;
  }

  /** Page writes recorded. */
  public int writes() {
    return writes;
  }

  /** The page of write {@code w}. */
  public long page(int w) {
    return writePages[w];
  }

  /** The version (LSN) write {@code w} carried. */
  public long lsn(int w) {
    return writeLsns[w];
  }

  /** When write {@code w} was submitted. */
  public long submitted(int w) {
    return writeSubmitted[w];
  }

  /** When the device finished write {@code w}. */
  public long done(int w) {
    return writeDone[w];
  }

  /** Whether the checkpointer made write {@code w}. */
  public boolean byCheckpoint(int w) {
    return writeByCheckpoint[w];
  }

  /** Whether write {@code w} is in flight at {@code instant}: submitted, not finished. */
  public boolean inFlight(int w, long instant) {
    return writeSubmitted[w] <= instant && instant < writeDone[w];
  }

  /**
   * Whether write {@code w}, submitted at or before {@code instant}, is forced by then: a force of
   * the data file submitted after it finished at or before {@code instant}.
   */
  public boolean forced(int w, long instant) {
    int i = lastAtOrBefore(syncDone, syncs, instant);
    return i >= 0 && writeSubmitted[w] <= syncSubmitted[i];
  }

  /** The log's durable end after every flush finished at or before {@code instant}. */
  public long durableAt(long instant) {
    int i = lastAtOrBefore(flushAt, flushes, instant);
    return i < 0 ? startLsn : flushLsn[i];
  }

  /** Where recovery after a crash at {@code instant} begins: the last completed checkpoint's redo point, else the log's start. */
  public long redoAt(long instant) {
    int i = lastAtOrBefore(checkpointAt, checkpoints, instant);
    return i < 0 ? startLsn : checkpointRedo[i];
  }

  /** The redo point of the last checkpoint begun at or before {@code instant} (the log's start before any). */
  public long lastStartedRedoAt(long instant) {
    int i = lastAtOrBefore(startedAt, started, instant);
    return i < 0 ? startLsn : startedRedo[i];
  }

  /** The writes of {@code page}, in the order they were recorded. */
  public int[] writesOf(long page) {
    if (byPage == null || indexed != writes) {
      Long2LongHashMap counts = new Long2LongHashMap(0);
      for (int w = 0; w < writes; w++) counts.put(writePages[w], counts.get(writePages[w]) + 1);
      Long2ObjectHashMap<int[]> m = new Long2ObjectHashMap<>();
      Long2LongHashMap filled = new Long2LongHashMap(0);
      for (int w = 0; w < writes; w++) {
        long p = writePages[w];
        int[] l = m.get(p);
        if (l == null) m.put(p, l = new int[(int) counts.get(p)]);
        int i = (int) filled.get(p);
        l[i] = w;
        filled.put(p, i + 1);
      }
      byPage = m;
      indexed = writes;
    }
    int[] l = byPage.get(page);
    return l == null ? new int[0] : l;
  }

  /**
   * {@code n} crash instants drawn with {@code seed} among the page writes, each halfway through
   * its write (so at least that write is in flight), in time order; every write's when there are
   * fewer than {@code n} that take time.
   */
  public long[] crashInstants(int n, long seed) {
    long[] all = new long[writes];
    int k = 0;
    for (int w = 0; w < writes; w++) {
      if (writeDone[w] > writeSubmitted[w]) all[k++] = writeSubmitted[w] + (writeDone[w] - writeSubmitted[w]) / 2;
    }
    if (k > n) {
      SplittableRandom rng = new SplittableRandom(seed);
      for (int i = 0; i < n; i++) {
        int j = i + rng.nextInt(k - i);
        long t = all[i];
        all[i] = all[j];
        all[j] = t;
      }
      k = n;
    }
    long[] out = Arrays.copyOf(all, k);
    Arrays.sort(out);
    return out;
  }

  private static int lastAtOrBefore(long[] times, int n, long instant) {
    int lo = 0;
    int hi = n - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (times[mid] <= instant) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
