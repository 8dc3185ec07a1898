package dev.bufmgr.pipeline;

import org.HdrHistogram.Histogram;

/**
 * A latency distribution's summary, in nanoseconds (NaN when nothing was recorded).
 *
 * @param count values recorded
 * @param mean the mean
 * @param p50 the median
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 * @param max the largest
 */
public record Latencies(long count, double mean, double p50, double p99, double p999, double max) {

  /** The summary of a histogram. */
  public static Latencies of(Histogram h) {
    long n = h.getTotalCount();
    if (n == 0) return new Latencies(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    return new Latencies(n, h.getMean(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9), h.getMaxValue());
  }
}
