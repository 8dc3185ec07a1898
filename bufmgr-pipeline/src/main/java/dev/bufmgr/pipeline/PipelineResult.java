package dev.bufmgr.pipeline;

import dev.bufmgr.wal.WalStats;
import java.util.List;
import java.util.Map;

/**
 * What one pipeline run measured in its measurement window (after the warm-up), in either clock,
 * with its whole time series. Counters follow PostgreSQL's statistics views where they have one
 * ({@code pg_stat_wal}, {@code pg_stat_io}, {@code pg_stat_checkpointer}).
 *
 * @param clock {@code sim} or {@code real}
 * @param elapsedNanos the measurement window's length (virtual or real)
 * @param transactions transactions acknowledged in it
 * @param readOnlyStatements runs of page reads outside transactions served in it
 * @param transactionLatency begin to acknowledgement
 * @param commitLatency commit record inserted to acknowledgement
 * @param hits page requests found resident
 * @param misses page requests that loaded their page
 * @param classHits hits per page class
 * @param classMisses misses per page class
 * @param wal what was logged
 * @param backendWrites pages written by clients evicting them ({@code pg_stat_io}, client backend, writes)
 * @param checkpointWrites pages written by the checkpointer ({@code buffers_written})
 * @param bgwriterWrites pages written by the background writer ({@code buffers_clean})
 * @param maxwrittenClean background writer rounds stopped at maxPages ({@code maxwritten_clean})
 * @param buffersAlloc buffers allocated ({@code buffers_alloc})
 * @param evictions pages evicted
 * @param dirtyEvictions evicted pages that were written first
 * @param logBusy share of the window the device spent on log flushes
 * @param pageBusy share spent on data-page writes
 * @param syncBusy share spent forcing the data file
 * @param waitedOnEviction transactions that waited for a dirty victim's write
 * @param evictionWait how long those transactions waited in all, each
 * @param checkpoints the checkpointer's counts in the window
 * @param series the run's time series, warm-up included
 * @param wallNanos wall-clock time of the whole run
 * @param selectorCounters the selector's own counts in the window ({@code VictimSelector.counters()})
 * @param backendWriteNanos time of the clients' page writes ({@code pg_stat_io} write_time of client backends, {@link WriteTimes})
 * @param writebackPages pages the page cache wrote back to the device (0 without it)
 * @param commitLatencyDuringSync commit latency of transactions whose commit overlapped a checkpoint's sync phase
 * @param commitLatencyOutsideSync commit latency of the others
 */
public record PipelineResult(
    String clock,
    long elapsedNanos,
    long transactions,
    long readOnlyStatements,
    Latencies transactionLatency,
    Latencies commitLatency,
    long hits,
    long misses,
    long[] classHits,
    long[] classMisses,
    WalStats wal,
    long backendWrites,
    long checkpointWrites,
    long bgwriterWrites,
    long maxwrittenClean,
    long buffersAlloc,
    long evictions,
    long dirtyEvictions,
    double logBusy,
    double pageBusy,
    double syncBusy,
    long waitedOnEviction,
    Latencies evictionWait,
    CheckpointStats.Snapshot checkpoints,
    List<IntervalRow> series,
    long wallNanos,
    Map<String, Long> selectorCounters,
    long backendWriteNanos,
    long writebackPages,
    Latencies commitLatencyDuringSync,
    Latencies commitLatencyOutsideSync) {

  /** Transactions per second of the window. */
  public double throughput() {
    return elapsedNanos == 0 ? Double.NaN : transactions * 1e9 / elapsedNanos;
  }

  /** Hits over page requests, NaN without requests. */
  public double hitRatio() {
    long n = hits + misses;
    return n == 0 ? Double.NaN : (double) hits / n;
  }

  /** The hit ratio of page class {@code c}, NaN when it had no request. */
  public double hitRatio(int c) {
    long n = classHits[c] + classMisses[c];
    return n == 0 ? Double.NaN : (double) classHits[c] / n;
  }

  /** Log bytes per acknowledged transaction. */
  public double walBytesPerTransaction() {
    return transactions == 0 ? Double.NaN : (double) wal.bytes() / transactions;
  }

  /** The share of transactions that waited for a dirty victim's write. */
  public double waitedShare() {
    return transactions == 0 ? Double.NaN : (double) waitedOnEviction / transactions;
  }

  /** Transactions acknowledged per wall-clock second (the simulation kernel's speed). */
  public double transactionsPerWallSecond() {
    return wallNanos == 0 ? Double.NaN : transactions * 1e9 / wallNanos;
  }
}
