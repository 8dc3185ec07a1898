package dev.bufmgr.wal.sim;

import dev.bufmgr.core.params.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Piecewise-constant arrival rates for an open loop: phases of (rate per second, duration) that
 * repeat in order. One phase of infinite length is a plain Poisson stream.
 */
public final class RateSchedule {
  private final double[] rates;
  private final long[] durations;
  private final long cycle;

  private RateSchedule(double[] rates, long[] durations) {
    this.rates = rates;
    this.durations = durations;
    long c = 0;
    for (long d : durations) c = d == Long.MAX_VALUE ? Long.MAX_VALUE : c + d;
    this.cycle = c;
  }

  /** A constant rate (commits per second, > 0). */
  public static RateSchedule constant(double ratePerSecond) {
    if (!(ratePerSecond > 0) || !Double.isFinite(ratePerSecond)) {
      throw new IllegalArgumentException("open-loop rate must be > 0");
    }
    return new RateSchedule(new double[] {ratePerSecond}, new long[] {Long.MAX_VALUE});
  }

  /**
   * Parses phases {@code RATE@DURATION/RATE@DURATION/...}, e.g. {@code 500@200ms/5000@200ms}.
   *
   * @throws IllegalArgumentException naming the phase at fault
   */
  public static RateSchedule parsePhases(String text, String what) {
    String[] parts = text.split("/");
    double[] rates = new double[parts.length];
    long[] durations = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].trim();
      int at = p.indexOf('@');
      if (at <= 0) {
        throw new IllegalArgumentException(
            what + ": phase '" + p + "' is not RATE@DURATION (e.g. 500@200ms)");
      }
      try {
        rates[i] = Double.parseDouble(p.substring(0, at));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(what + ": phase '" + p + "' has a bad rate");
      }
      if (!(rates[i] > 0) || !Double.isFinite(rates[i])) {
        throw new IllegalArgumentException(what + ": phase '" + p + "' needs a rate > 0");
      }
      durations[i] = Durations.parseNanos(p.substring(at + 1), what + " phase '" + p + "'");
      if (durations[i] <= 0) {
        throw new IllegalArgumentException(what + ": phase '" + p + "' needs a duration > 0");
      }
    }
    return new RateSchedule(rates, durations);
  }

  /** Rate (per second) of phase {@code i}. */
  public double rate(int i) {
    return rates[i];
  }

  /** Duration of phase {@code i} in nanoseconds ({@link Long#MAX_VALUE} for a constant rate). */
  public long duration(int i) {
    return durations[i];
  }

  /** Time-weighted mean rate per second over one cycle. */
  public double meanRate() {
    if (cycle == Long.MAX_VALUE) return rates[0];
    double sum = 0;
    for (int i = 0; i < rates.length; i++) sum += rates[i] * durations[i];
    return sum / cycle;
  }

  /** The highest phase rate per second. */
  public double maxRate() {
    double m = 0;
    for (double r : rates) m = Math.max(m, r);
    return m;
  }

  /** The lowest phase rate per second. */
  public double minRate() {
    double m = Double.MAX_VALUE;
    for (double r : rates) m = Math.min(m, r);
    return m;
  }

  /** Index of the phase in force at time {@code t} (>= 0). */
  public int phaseAt(long t) {
    if (cycle == Long.MAX_VALUE) return 0;
    long inCycle = t % cycle;
    for (int i = 0; i < durations.length; i++) {
      if (inCycle < durations[i]) return i;
      inCycle -= durations[i];
    }
    return durations.length - 1;
  }

  /** The end of the phase in force at time {@code t}, or {@link Long#MAX_VALUE}. */
  public long phaseEnd(long t) {
    if (cycle == Long.MAX_VALUE) return Long.MAX_VALUE;
    long base = t - t % cycle;
    long end = base;
    for (long d : durations) {
      end += d;
      if (t < end) return end;
    }
    return end;
  }

  /** E.g. {@code rate=2000} or {@code phases=500@200ms/5000@200ms}. */
  public String spec() {
    if (cycle == Long.MAX_VALUE) return "rate=" + number(rates[0]);
    List<String> ps = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) ps.add(number(rates[i]) + "@" + Durations.format(durations[i]));
    return "phases=" + String.join("/", ps);
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
