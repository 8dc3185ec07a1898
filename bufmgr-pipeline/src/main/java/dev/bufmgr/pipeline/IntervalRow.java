package dev.bufmgr.pipeline;

/**
 * One interval of a pipeline run's time series (default one second of the run's clock).
 *
 * @param startNanos the interval's start, from the run's start
 * @param endNanos its end
 * @param measured whether it lies in the measurement window (after the warm-up)
 * @param transactions transactions acknowledged in it
 * @param transactionP50Nanos their median latency
 * @param transactionP99Nanos their 99th-percentile latency
 * @param commitP99Nanos the 99th percentile of their commits' latency
 * @param waitedOnEviction transactions that waited for a dirty victim's write
 * @param walBytes log bytes inserted
 * @param imageBytes bytes of full-page images among them
 * @param dirtyBuffers buffers dirty at the interval's end
 * @param logBusy share of the interval the device spent on log flushes
 * @param pageBusy share spent on data-page writes
 * @param syncBusy share spent forcing the data file
 * @param backendWrites data pages written by clients evicting them
 * @param checkpointWrites data pages written by the checkpointer
 * @param bgwriterWrites data pages written by the background writer
 * @param checkpointsStarted checkpoints that set their redo point in it
 * @param cacheDirtyBytes bytes dirty in the page cache at the interval's end, not yet under
 *     writeback ({@code /proc/meminfo} Dirty; 0 without the page cache)
 * @param writebackPages pages the page cache wrote back to the device in it
 */
public record IntervalRow(
    long startNanos,
    long endNanos,
    boolean measured,
    long transactions,
    double transactionP50Nanos,
    double transactionP99Nanos,
    double commitP99Nanos,
    long waitedOnEviction,
    long walBytes,
    long imageBytes,
    long dirtyBuffers,
    double logBusy,
    double pageBusy,
    double syncBusy,
    long backendWrites,
    long checkpointWrites,
    long bgwriterWrites,
    long checkpointsStarted,
    long cacheDirtyBytes,
    long writebackPages) {

  /** Transactions per second of the interval. */
  public double throughput() {
    long len = endNanos - startNanos;
    return len <= 0 ? Double.NaN : transactions * 1e9 / len;
  }
}
