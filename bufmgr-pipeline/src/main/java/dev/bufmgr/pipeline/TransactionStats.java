package dev.bufmgr.pipeline;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the clients' transactions measured: per acknowledged transaction its latency (begin to
 * acknowledgement), its commit's latency (commit record inserted to acknowledgement), and, when it
 * had to wait for a dirty victim's write (its own eviction, PostgreSQL's backend writes), how long
 * in all. Recorded into HdrHistogram {@link Recorder}s (three significant digits), so another
 * thread can take interval snapshots while clients record.
 *
 * <p>Threading: when concurrent, {@link #committed} from any number of client threads and {@link
 * #interval} from one sampling thread; else all from one thread.
 */
public final class TransactionStats {
  private final Recorder transactions;
  private final Recorder commits;
  private final Recorder evictionWaits;
  private final Recorder syncCommits;
  private final LongAdder readOnlyStatements = new LongAdder();
  private Histogram txns;
  private Histogram commitHistogram;
  private Histogram waits;
  private Histogram syncCommitHistogram;
  private Histogram syncCommitRecycle;
  private Histogram txnRecycle;
  private Histogram commitRecycle;
  private Histogram waitRecycle;

  /**
   * @param concurrent whether clients on several threads record (real time: HdrHistogram {@link
   *     Recorder}s); else one thread records and samples (the simulation: plain histograms, no
   *     atomic operation per value)
   */
  public TransactionStats(boolean concurrent) {
    if (concurrent) {
      transactions = new Recorder(3);
      commits = new Recorder(3);
      evictionWaits = new Recorder(3);
      syncCommits = new Recorder(3);
    } else {
      transactions = null;
      commits = null;
      evictionWaits = null;
      syncCommits = null;
      syncCommitHistogram = new Histogram(3);
      txns = new Histogram(3);
      commitHistogram = new Histogram(3);
      waits = new Histogram(3);
    }
  }

  /**
   * A transaction was acknowledged.
   *
   * @param transactionNanos begin to acknowledgement
   * @param commitNanos commit record inserted to acknowledgement (0 for a read-only transaction)
   * @param evictionWaitNanos time spent waiting for dirty victims' writes, 0 when none
   * @param waitedOnEviction whether it waited for a dirty victim's write at all
   */
  public void committed(long transactionNanos, long commitNanos, long evictionWaitNanos, boolean waitedOnEviction) {
    committed(transactionNanos, commitNanos, evictionWaitNanos, waitedOnEviction, false);
  }

  /**
   * A transaction was acknowledged; {@code duringSync}: its commit overlapped a checkpoint's sync
   * phase (its commit latency also counts apart: the checkpoint's sync spike).
   */
  public void committed(long transactionNanos, long commitNanos, long evictionWaitNanos, boolean waitedOnEviction,
      boolean duringSync) {
    if (duringSync) {
      if (syncCommits == null) syncCommitHistogram.recordValue(Math.max(0, commitNanos));
      else syncCommits.recordValue(Math.max(0, commitNanos));
    }
    if (transactions == null) {
      txns.recordValue(Math.max(0, transactionNanos));
      commitHistogram.recordValue(Math.max(0, commitNanos));
      if (waitedOnEviction) waits.recordValue(Math.max(0, evictionWaitNanos));
      return;
    }
    transactions.recordValue(Math.max(0, transactionNanos));
    commits.recordValue(Math.max(0, commitNanos));
    if (waitedOnEviction) evictionWaits.recordValue(Math.max(0, evictionWaitNanos));
  }

  /** A run of page reads outside any transaction was served. */
  public void readOnlyStatement() {
    readOnlyStatements.increment();
  }

  /** Runs of reads outside transactions so far. */
  public long readOnlyStatements() {
    return readOnlyStatements.sum();
  }

  /** The distributions recorded since the previous call. */
  public Interval interval() {
    if (transactions == null) {
      Interval i = new Interval(txns, commitHistogram, waits, syncCommitHistogram);
      syncCommitHistogram = fresh(syncCommitRecycle);
      txns = fresh(txnRecycle);
      commitHistogram = fresh(commitRecycle);
      waits = fresh(waitRecycle);
      return i;
    }
    Histogram t = transactions.getIntervalHistogram(txnRecycle);
    Histogram c = commits.getIntervalHistogram(commitRecycle);
    Histogram w = evictionWaits.getIntervalHistogram(waitRecycle);
    return new Interval(t, c, w, syncCommits.getIntervalHistogram(syncCommitRecycle));
  }

  private static Histogram fresh(Histogram recycled) {
    if (recycled == null) return new Histogram(3);
    recycled.reset();
    return recycled;
  }

  /** Gives an interval's histograms back for reuse once read. */
  public void recycle(Interval i) {
    txnRecycle = i.transactions();
    commitRecycle = i.commits();
    waitRecycle = i.evictionWaits();
    syncCommitRecycle = i.syncCommits();
  }

  /**
   * One interval's distributions.
   *
   * @param transactions transaction latencies
   * @param commits commit latencies
   * @param evictionWaits eviction waits of the transactions that waited
   * @param syncCommits commit latencies of the transactions acknowledged during a checkpoint's sync
   */
  public record Interval(Histogram transactions, Histogram commits, Histogram evictionWaits, Histogram syncCommits) {}
}
