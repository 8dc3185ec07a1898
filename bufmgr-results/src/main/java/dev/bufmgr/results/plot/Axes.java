package dev.bufmgr.results.plot;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/** Axis decisions shared by every chart: when an axis is logarithmic, and how its ticks read. */
public final class Axes {
  /** Values spanning at least this ratio count as wide. */
  static final double WIDE_RATIO = 10;
  /** A logarithmic axis spanning more decades than this has ticks at decades only. */
  static final double LOG_LABELS_DECADES = 2;
  /** Ticks XChart draws on a linear axis of a chart of the package's size, roughly: x (74 px apart, widened when labels crowd), y (44 px apart). */
  static final int X_TICKS = 5;
  static final int Y_TICKS = 10;

  private Axes() {}

  /**
   * Whether values such as pool sizes are log-spaced: at least three distinct values, all
   * positive, the largest at least {@value #WIDE_RATIO} times the smallest, and the steps between
   * neighbours more even as ratios than as differences (the largest over the smallest step, in
   * logarithms against plain). So 2000, 5000, 10000, 20000, 40000 and 1%, 2%, 5%, ..., 40% of a
   * trace are log-spaced; 100, 200, ..., 1000 and 1000, 2000, 3000, 4000, 6000, 8000 are not.
   */
  public static boolean logSpaced(double[] values) {
    double[] v = distinctSorted(values);
    if (v.length < 3 || !(v[0] > 0) || v[v.length - 1] / v[0] < WIDE_RATIO) return false;
    return unevenness(v, true) < unevenness(v, false);
  }

  /** Whether positive values span at least {@code ratio} (largest over smallest); false when any is 0 or less. */
  public static boolean wide(double[] values, double ratio) {
    double[] v = distinctSorted(values);
    return v.length >= 2 && v[0] > 0 && v[v.length - 1] / v[0] >= ratio;
  }

  /** The largest step between neighbours over the smallest, as ratios ({@code log}) or differences. */
  private static double unevenness(double[] v, boolean log) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (int i = 1; i < v.length; i++) {
      double step = log ? Math.log(v[i] / v[i - 1]) : v[i] - v[i - 1];
      lo = Math.min(lo, step);
      hi = Math.max(hi, step);
    }
    return hi / lo;
  }

  static double[] distinctSorted(double[] values) {
    return Arrays.stream(values).filter(Double::isFinite).sorted().distinct().toArray();
  }

  /** Whether {@code scale} makes an axis over {@code values} logarithmic (never with a value of 0 or less). */
  static boolean isLog(AxisScale scale, double[] values) {
    double[] v = distinctSorted(values);
    boolean positive = v.length > 0 && v[0] > 0;
    return switch (scale) {
      case LINEAR -> false;
      case LOG -> positive;
      case AUTO -> logSpaced(values);
    };
  }

  /**
   * Tick labels for an axis over the data range [min, max]: always a digit before the point
   * ({@code 0.05}, never {@code .05}), thousands grouped ({@code 10,000}), locale-independent.
   * Linear axis: every label with the decimals of the tick step XChart most likely takes for about
   * {@code ticks} ticks over the range (a 1, 2 or 5 step, rounded as XChart rounds it), so labels
   * read alike ({@code 0.60, 0.65}); up to two more where a value needs them (XChart widens its
   * step when labels crowd, and never to a finer one). Logarithmic axis (XChart puts a tick at
   * every 1..9 x 10^k): three significant digits; 1, 2 and 5 x 10^k labelled over at most
   * {@value #LOG_LABELS_DECADES} decades, 10^k over more; the data ends always, and a regular
   * label too close to an end (a sixth of a decade, a quarter over many decades) left out.
   */
  public static Function<Double, String> tickFormat(double min, double max, boolean log, int ticks) {
    return tickFormat(min, max, log, ticks, false);
  }

  /** The plot's width on a chart of the package's size, roughly, in pixels. */
  static final double PLOT_PX = 600;
  /** Pixels a tick-label character takes, roughly (XChart's 12-point sans serif). */
  static final double TICK_CHAR_PX = 7.5;

  /**
   * As {@link #tickFormat(double, double, boolean, int)}; on a {@code horizontal} logarithmic axis
   * a regular label also gives way to an end label when the two, side by side, would touch (half
   * of each label's width and a gap, at about {@value #PLOT_PX} pixels over the axis's decades):
   * 100,000,000 beside the end 200,000,000 on an axis of seven decades.
   */
  static Function<Double, String> tickFormat(double min, double max, boolean log, int ticks, boolean horizontal) {
    if (log) {
      boolean decadesOnly = min > 0 && Math.log10(max / min) > LOG_LABELS_DECADES;
      double pxPerDecade = min > 0 && max > min ? PLOT_PX / Math.log10(max / min) : Double.POSITIVE_INFINITY;
      return v -> {
        double a = Math.abs(v);
        if (a == 0 || !Double.isFinite(a)) return format(v, 0, 0);
        int exponent = (int) Math.floor(Math.log10(a) + 1e-9);
        boolean end = near(a, min) || near(a, max);
        boolean regular = decadesOnly ? decade(a) : labelled(a);
        String label = format(v, 0, clamp(2 - exponent));
        // A data end is always labelled (a reader must see where the axis stops); a regular
        // label too close to an end to be read beside it gives way.
        double room = decadesOnly ? 0.25 : 1 / 6.0;
        double minRoom = horizontal ? Math.max(room, beside(label, min, pxPerDecade)) : room;
        double maxRoom = horizontal ? Math.max(room, beside(label, max, pxPerDecade)) : room;
        if (!end && (!regular || closeTo(a, min, minRoom) || closeTo(a, max, maxRoom))) return "";
        return label;
      };
    }
    int decimals = decimals(min, max, ticks);
    return v -> format(v, decimals, decimals + 2);
  }

  /**
   * The DecimalFormat pattern of a linear axis's labels, as {@link #tickFormat} formats them
   * ({@code #,##0.00##} for 0 to 0.7). Linear axes take a pattern rather than a function: with a
   * function XChart 4.0.3 puts ticks at the data values whenever those are evenly spaced.
   */
  public static String decimalPattern(double min, double max, int ticks) {
    return decimalPattern(min, max, ticks, false);
  }

  /**
   * As {@link #decimalPattern(double, double, int)}; with {@code integers} (every data value a
   * whole number, such as pool sizes or counts) no decimal is forced, since XChart puts ticks at
   * such data values when they are evenly spaced.
   */
  public static String decimalPattern(double min, double max, int ticks, boolean integers) {
    int decimals = decimals(min, max, ticks);
    if (decimals == 0) return "#,##0.##";
    return integers ? "#,##0." + "#".repeat(decimals + 2) : "#,##0." + "0".repeat(decimals) + "##";
  }

  /** Whether every finite value is a whole number. */
  static boolean integers(double[] values) {
    for (double v : values) if (Double.isFinite(v) && v != Math.rint(v)) return false;
    return true;
  }

  private static int decimals(double min, double max, int ticks) {
    double range = Math.abs(max - min);
    if (!(range > 0) || !Double.isFinite(range)) range = Math.max(Math.abs(max), 1);
    double step = range / Math.max(1, ticks);
    int exponent = (int) Math.floor(Math.log10(step));
    double significand = step / Math.pow(10, exponent);
    if (significand > 7.5) exponent++;
    return clamp(-exponent);
  }

  /** Tick labels of a y axis (about {@value #Y_TICKS} ticks); see {@link #tickFormat(double, double, boolean, int)}. */
  public static Function<Double, String> tickFormat(double min, double max, boolean log) {
    return tickFormat(min, max, log, Y_TICKS);
  }

  /**
   * The ends of a logarithmic axis over positive data [min, max]: the largest m x 10^k (m = 1..9)
   * at or below min and the smallest at or above max, so that both ends are ticks of XChart's
   * logarithmic axis and carry labels (71 to 2,830 frames: 70 to 3,000).
   */
  static double[] logEnds(double min, double max) {
    return new double[] {tickAtOrBelow(min), -tickAtOrBelow(-max)};
  }

  /** For v > 0 the largest m x 10^k at or below v; for v < 0, minus the smallest at or above -v. */
  private static double tickAtOrBelow(double v) {
    double a = Math.abs(v);
    double k = Math.pow(10, Math.floor(Math.log10(a) + 1e-9));
    double m = a / k;
    double t = v > 0 ? Math.floor(m + 1e-9) : Math.ceil(m - 1e-9);
    return Math.signum(v) * t * k;
  }

  /** The decades two labels side by side need: half of each one's width and an 8-pixel gap. */
  private static double beside(String label, double end, double pxPerDecade) {
    if (!(end > 0)) return 0;
    String endLabel = format(end, 0, clamp(2 - (int) Math.floor(Math.log10(end) + 1e-9)));
    return ((label.length() + endLabel.length()) / 2.0 * TICK_CHAR_PX + 8) / pxPerDecade;
  }

  /** Whether a log-axis tick is 1, 2 or 5 x 10^k. */
  private static boolean labelled(double a) {
    double mantissa = a / Math.pow(10, Math.floor(Math.log10(a) + 1e-9));
    return near(mantissa, 1) || near(mantissa, 2) || near(mantissa, 5) || near(mantissa, 10);
  }

  /** Whether a log-axis tick is 10^k. */
  private static boolean decade(double a) {
    return near(a, Math.pow(10, Math.floor(Math.log10(a) + 1e-9)));
  }

  /** Whether tick {@code a} lies within {@code room} decades of the data end {@code end}, but is not that end. */
  private static boolean closeTo(double a, double end, double room) {
    return end > 0 && !near(a, end) && Math.abs(Math.log10(a / end)) < room;
  }

  private static boolean near(double a, double b) {
    return Math.abs(a - b) < 1e-6 * b;
  }

  private static int clamp(int decimals) {
    return Math.max(0, Math.min(12, decimals));
  }

  private static String format(double v, int minDecimals, int maxDecimals) {
    if (!Double.isFinite(v)) return Double.toString(v);
    DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
    f.setMinimumFractionDigits(minDecimals);
    f.setMaximumFractionDigits(maxDecimals);
    String s = f.format(v);
    return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
  }
}
