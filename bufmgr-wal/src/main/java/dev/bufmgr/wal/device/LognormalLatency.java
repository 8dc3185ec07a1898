package dev.bufmgr.wal.device;

import dev.bufmgr.core.params.Durations;
import java.util.random.RandomGenerator;

/**
 * A lognormal fixed cost given by its median and 99th percentile: mu = ln(median), sigma =
 * ln(p99 / median) / z(0.99), with z(0.99) = 2.3263 the standard normal quantile.
 */
public final class LognormalLatency implements LatencyModel {
  /** The standard normal distribution's 0.99 quantile. */
  public static final double Z99 = 2.3263478740408408;

  private final double median;
  private final double p99;
  private final double mu;
  private final double sigma;

  /**
   * @param medianNanos the median, > 0
   * @param p99Nanos the 99th percentile, >= the median
   */
  public LognormalLatency(double medianNanos, double p99Nanos) {
    if (!(medianNanos > 0)) throw new IllegalArgumentException("lognormal median must be > 0");
    if (!(p99Nanos >= medianNanos)) {
      throw new IllegalArgumentException("lognormal p99 must be >= median");
    }
    this.median = medianNanos;
    this.p99 = p99Nanos;
    this.mu = Math.log(medianNanos);
    this.sigma = Math.log(p99Nanos / medianNanos) / Z99;
  }

  @Override
  public long sampleNanos(RandomGenerator rng) {
    return Math.round(Math.exp(mu + sigma * rng.nextGaussian()));
  }

  @Override
  public double medianNanos() {
    return median;
  }

  @Override
  public double p99Nanos() {
    return p99;
  }

  @Override
  public double meanNanos() {
    return Math.exp(mu + sigma * sigma / 2);
  }

  @Override
  public String spec() {
    return "lognormal:median=" + Durations.format(median) + ",p99=" + Durations.format(p99);
  }
}
