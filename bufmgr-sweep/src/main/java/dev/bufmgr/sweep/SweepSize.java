package dev.bufmgr.sweep;

import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One cache size of a sweep: a fraction of each trace's footprint (the distinct pages it touches,
 * libCacheSim's working-set size) or an absolute number of frames. Written with a decimal point
 * or an exponent ({@code 0.01}, {@code 1.0}, {@code 1e-3}) a size is a fraction in (0, 1];
 * written as a whole number ({@code 5000}) it is frames, at least 1.
 *
 * @param fraction the fraction of the footprint, or NaN for an absolute size
 * @param frames the frames, or 0 for a fraction
 */
public record SweepSize(double fraction, long frames) implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  /** libCacheSim's eight default sizes (its plot scripts and the S3-FIFO paper's sweep). */
  public static final List<SweepSize> DEFAULTS = parseList("0.001,0.003,0.01,0.03,0.1,0.2,0.4,0.8");

  /** The smallest cache a sweep replays; a size that resolves below it is skipped and named. */
  public static final long MIN_FRAMES = 10;

  public SweepSize {
    if (Double.isNaN(fraction) == (frames == 0)) {
      throw new IllegalArgumentException("a size is either a fraction or frames, not both or neither");
    }
  }

  /** Whether this size is a fraction of the footprint. */
  public boolean isFraction() {
    return !Double.isNaN(fraction);
  }

  /**
   * The frames this size gives a trace of {@code footprint} distinct pages: a fraction is
   * truncated toward zero, as libCacheSim's {@code cachesim} turns a ratio into a size (an
   * unsigned cast of ratio x working-set size).
   */
  public long framesFor(long footprint) {
    return isFraction() ? (long) (fraction * footprint) : frames;
  }

  /** The size as written on the command line. */
  public String text() {
    return isFraction() ? Double.toString(fraction) : Long.toString(frames);
  }

  /**
   * Parses one size.
   *
   * @throws IllegalArgumentException naming the value and the rule it breaks
   */
  public static SweepSize parse(String text) {
    String t = text.strip();
    boolean fractional = t.contains(".") || t.toLowerCase(Locale.ROOT).contains("e");
    try {
      if (fractional) {
        double f = Double.parseDouble(t);
        if (!(f > 0) || f > 1) throw new IllegalArgumentException(t + ": a fraction of the footprint must lie in (0, 1]");
        return new SweepSize(f, 0);
      }
      long n = Long.parseLong(t);
      if (n < 1) throw new IllegalArgumentException(t + ": frames must be at least 1");
      if (n > Integer.MAX_VALUE) throw new IllegalArgumentException(t + ": at most " + Integer.MAX_VALUE + " frames");
      return new SweepSize(Double.NaN, n);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + t + "': not a number (a fraction such as 0.01, or frames such as 5000)");
    }
  }

  /** Parses a comma-separated list of sizes, refusing an empty one and repeats. */
  public static List<SweepSize> parseList(String text) {
    List<SweepSize> out = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      if (part.isBlank()) throw new IllegalArgumentException("'" + text + "': an empty entry");
      SweepSize s = parse(part);
      if (out.contains(s)) throw new IllegalArgumentException("'" + text + "': " + s.text() + " given twice");
      out.add(s);
    }
    return List.copyOf(out);
  }
}
