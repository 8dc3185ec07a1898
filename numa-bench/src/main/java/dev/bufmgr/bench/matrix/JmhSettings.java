package dev.bufmgr.bench.matrix;

import java.util.Locale;

/**
 * The JMH run settings of every point of a matrix: forks, warmup iterations and their length,
 * measurement iterations and their length; and what such a point costs in wall time.
 *
 * @param forks JVM forks per benchmark method
 * @param warmupIterations warmup iterations per fork
 * @param warmupSeconds length of one warmup iteration
 * @param iterations measurement iterations per fork
 * @param iterationSeconds length of one measurement iteration
 */
public record JmhSettings(int forks, int warmupIterations, double warmupSeconds, int iterations, double iterationSeconds) {
  /**
   * Seconds a fork costs beyond its iterations: the JVM's start, JMH's set-up, the pool's fill and
   * the trial's tear-down (an estimate rounded up from measured forks; figures:
   * reports/design-measurements.md).
   */
  public static final double FORK_OVERHEAD_SECONDS = 3.0;

  /** Seconds each iteration costs beyond its length (the iteration's set-up and tear-down, JMH's bookkeeping). */
  public static final double ITERATION_OVERHEAD_SECONDS = 0.05;

  /** The settings of a {@code --quick} run: one fork, no warmup, one iteration of 0.3 s (checks, not figures). */
  public static final JmhSettings QUICK = new JmhSettings(1, 0, 0.3, 1, 0.3);

  /** The smallest settings a budget may trim a matrix to: one fork, one warmup iteration and two measured, 0.5 s each. */
  public static final JmhSettings FLOOR = new JmhSettings(1, 1, 0.5, 2, 0.5);

  public JmhSettings {
    if (forks < 1 || warmupIterations < 0 || iterations < 1 || !(warmupSeconds > 0) || !(iterationSeconds > 0)) {
      throw new IllegalArgumentException("bad JMH settings " + forks + "/" + warmupIterations + "/" + iterations);
    }
  }

  /** Estimated wall seconds of one point running {@code methods} benchmark methods. */
  public double seconds(int methods) {
    double perFork = FORK_OVERHEAD_SECONDS + warmupIterations * (warmupSeconds + ITERATION_OVERHEAD_SECONDS)
        + iterations * (iterationSeconds + ITERATION_OVERHEAD_SECONDS);
    return methods * forks * perFork;
  }

  /** Each setting no larger than {@code cap}'s. */
  public JmhSettings atMost(JmhSettings cap) {
    return new JmhSettings(Math.min(forks, cap.forks), Math.min(warmupIterations, cap.warmupIterations),
        Math.min(warmupSeconds, cap.warmupSeconds), Math.min(iterations, cap.iterations),
        Math.min(iterationSeconds, cap.iterationSeconds));
  }

  /** For example {@code 1 fork, 2 x 2 s warmup, 3 x 3 s measured}. */
  public String describe() {
    return String.format(Locale.ROOT, "%d fork%s, %d x %s s warmup, %d x %s s measured", forks, forks == 1 ? "" : "s",
        warmupIterations, number(warmupSeconds), iterations, number(iterationSeconds));
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
