package dev.bufmgr.wal;

/**
 * The outcome of one group-commit run, in either clock.
 *
 * @param policy the policy's canonical spec
 * @param loop the loop's spec
 * @param device the device's spec
 * @param clock {@code sim} or {@code real}
 * @param flushMode who flushed on the real clock, {@code flusher} or {@code leader} (see {@link
 *     FlushMode}); null in the simulation, whose one flush in flight at a time stands for both
 * @param seed the run's seed
 * @param commits acknowledged commits in the measurement window
 * @param elapsedNanos length of the measurement window (virtual or real)
 * @param flushes completed flushes in the window
 * @param meanBatch commits per flush
 * @param latencyMeanNanos mean commit latency (arrival to acknowledgement)
 * @param latencyP50Nanos median latency
 * @param latencyP99Nanos 99th percentile latency
 * @param latencyP999Nanos 99.9th percentile latency
 * @param latencyMaxNanos largest latency
 * @param meanWaitNanos mean wait between a commit's arrival and its flush's start
 * @param deviceUtilization fraction of the window the device was serving writes
 * @param durable whether an acknowledgement meant durable
 * @param wallNanos wall-clock time the run took
 */
public record CommitResult(
    String policy,
    String loop,
    String device,
    String clock,
    String flushMode,
    long seed,
    long commits,
    long elapsedNanos,
    long flushes,
    double meanBatch,
    double latencyMeanNanos,
    double latencyP50Nanos,
    double latencyP99Nanos,
    double latencyP999Nanos,
    double latencyMaxNanos,
    double meanWaitNanos,
    double deviceUtilization,
    boolean durable,
    long wallNanos) {

  /** Acknowledged commits per second of the measurement window. */
  public double throughput() {
    return elapsedNanos == 0 ? Double.NaN : commits * 1e9 / elapsedNanos;
  }

  /** Commits processed per wall-clock second (the simulation kernel's speed). */
  public double commitsPerWallSecond() {
    return wallNanos == 0 ? Double.NaN : commits * 1e9 / wallNanos;
  }

  /**
   * The cost per commit in the dynamic-acknowledgement model of seeds/000 (ski-rental): every
   * flush costs {@code f0Nanos}, every nanosecond a commit waits before its flush costs one.
   */
  public double costPerCommitNanos(double f0Nanos) {
    return commits == 0 ? Double.NaN : f0Nanos * flushes / commits + meanWaitNanos;
  }

  /** Builds a result from a run's metrics. */
  public static CommitResult of(
      String policy, String loop, String device, String clock, String flushMode, long seed, CommitMetrics m,
      long elapsedNanos, double utilization, boolean durable, long wallNanos) {
    return new CommitResult(
        policy, loop, device, clock, flushMode, seed, m.commits(), elapsedNanos, m.flushes(), m.meanBatch(),
        m.meanLatencyNanos(), m.latencyQuantileNanos(0.50), m.latencyQuantileNanos(0.99),
        m.latencyQuantileNanos(0.999), m.maxLatencyNanos(), m.meanWaitNanos(), utilization,
        durable, wallNanos);
  }
}
