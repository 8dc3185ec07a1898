package dev.bufmgr.results.plot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart ({@link Figure}: PNG, SVG, PDF): one series per name, each given as x and y arrays. Rendered
 * headless. Each series takes its colour, marker and dash from {@link SeriesStyle} (the same name
 * looks the same in every chart), so lines that coincide stay visible; markers are left out when
 * a series has more than {@value Charts#MARKER_POINTS} points. The x axis is logarithmic when
 * asked or, by default, when its values are log-spaced ({@link Axes#logSpaced}); tick labels read
 * {@code 0.05} ({@link Axes#tickFormat}); a chart whose series are all equal or constant says so
 * in its title ({@link Flatness}); the legend sits outside on the right, its names wrapped. A
 * chart of more than {@value #MAX_SERIES} lines is drawn as {@link #panels}.
 */
public final class LineChart implements Figure {
  /** The invisible series that holds a flat chart's y axis open. */
  static final String ANCHOR = "\u2063y-range";
  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final Map<String, double[][]> series = new LinkedHashMap<>();
  private AxisScale xScale = AxisScale.AUTO;
  private AxisScale yScale = AxisScale.LINEAR;
  private Double yMin;
  private Double yMax;
  private String flatReason;
  private boolean legend = true;
  private boolean decadeEnds;
  private int width = Charts.WIDTH;
  private int height = Charts.HEIGHT;
  private double[] shaded;
  private String shadedLabel;
  private double[] marks;
  private String marksLabel;

  private LineChart(String title, String xTitle, String yTitle) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  /** A chart with these titles and no series yet. */
  public static LineChart of(String title, String xTitle, String yTitle) {
    return new LineChart(title, xTitle, yTitle);
  }

  /**
   * The PNG bytes of a chart with the default options.
   *
   * @param series per series name, {@code {x[], y[]}} of equal length
   */
  public static byte[] png(String title, String xTitle, String yTitle, Map<String, double[][]> series) {
    return of(title, xTitle, yTitle).series(series).png();
  }

  /** A chart with the default options, to be written in any {@link ChartFormat} ({@link Figure}). */
  public static LineChart figure(String title, String xTitle, String yTitle, Map<String, double[][]> series) {
    return of(title, xTitle, yTitle).series(series);
  }

  /** Adds a series. */
  public LineChart series(String name, double[] x, double[] y) {
    if (x.length != y.length) throw new IllegalArgumentException("series '" + name + "': " + x.length + " x values, " + y.length + " y values");
    series.put(name, new double[][] {x, y});
    return this;
  }

  /** Adds series, per name {@code {x[], y[]}}. */
  public LineChart series(Map<String, double[][]> byName) {
    for (Map.Entry<String, double[][]> e : byName.entrySet()) series(e.getKey(), e.getValue()[0], e.getValue()[1]);
    return this;
  }

  /** The x axis scale (default {@link AxisScale#AUTO}). */
  public LineChart xScale(AxisScale scale) {
    this.xScale = scale;
    return this;
  }

  /** The y axis scale (default {@link AxisScale#LINEAR}). */
  public LineChart yScale(AxisScale scale) {
    this.yScale = scale;
    return this;
  }

  /** Fixes the y axis range ends (null: from the data); ignored on a logarithmic axis. */
  public LineChart yRange(Double min, Double max) {
    this.yMin = min;
    this.yMax = max;
    return this;
  }

  /** Why the chart is flat when its series turn out all equal or constant (see {@link Flatness}). */
  public LineChart flatReason(String reason) {
    this.flatReason = reason;
    return this;
  }

  /**
   * Widens each logarithmic axis to whole decades (1 to 1,000,000 for data from 1 to 775,355), so
   * both of its ends carry a label; default off (the axis ends at the data).
   */
  public LineChart decadeEnds(boolean on) {
    this.decadeEnds = on;
    return this;
  }

  /** Shows or hides the legend (default shown). */
  public LineChart legend(boolean visible) {
    this.legend = visible;
    return this;
  }

  /** The size in pixels (default {@value Charts#WIDTH} x {@value Charts#HEIGHT}); smaller for the panels of {@link SmallMultiples}. */
  public LineChart size(int width, int height) {
    this.width = width;
    this.height = height;
    return this;
  }

  /** Shades the x range [from, to] in light grey, named {@code label} in the legend (a warm-up the figures leave out). */
  public LineChart shade(double from, double to, String label) {
    this.shaded = new double[] {from, to};
    this.shadedLabel = label;
    return this;
  }

  /** Marks each x of {@code xs} with a thin vertical line, named {@code label} in the legend (checkpoint starts). */
  public LineChart markX(double[] xs, String label) {
    this.marks = xs.clone();
    this.marksLabel = label;
    return this;
  }

  /** Series a chart draws ({@link Coincident} series once) before it is drawn as {@link #panels}. */
  static final int MAX_SERIES = 8;

  /** The width: the chart's, or the grid's when it is drawn as {@link #panels}. */
  @Override
  public int width() {
    SmallMultiples p = panels();
    return p == null ? width : p.width();
  }

  /** The height: the chart's, or the grid's when it is drawn as {@link #panels}. */
  @Override
  public int height() {
    SmallMultiples p = panels();
    return p == null ? height : p.height();
  }

  /** Draws the chart, or its {@link #panels} when it has more than {@value #MAX_SERIES} series to draw. */
  @Override
  public void paint(java.awt.Graphics2D g) {
    SmallMultiples p = panels();
    if (p == null) chart().paint(g, width, height);
    else p.paint(g);
  }

  /**
   * Null when the chart draws at most {@value #MAX_SERIES} series; else the chart split into
   * {@link SmallMultiples}, as a reader tells about eight lines apart: the reference series (LRU
   * and OPT in any form, by {@link PolicyLabel}) in every panel, the others split evenly over the
   * panels in their order, every panel with this chart's axes, shading, marks and one y range, so
   * that the panels compare.
   */
  SmallMultiples panels() {
    Map<String, List<String>> drawn = drawnSeries();
    PanelSplit split = PanelSplit.of(drawn.keySet());
    if (split == null) return null;
    double[] yr = range(all(1), null, null);
    double pad = (yr[1] - yr[0]) * 0.03;
    List<LineChart> charts = new ArrayList<>();
    for (List<String> group : split.groups()) {
      LineChart panel = new LineChart(split.title(group), xTitle, yTitle)
          .xScale(xScale).yScale(yScale).yRange(yMin != null ? yMin : yr[0] - pad, yMax != null ? yMax : yr[1] + pad)
          .decadeEnds(decadeEnds).legend(legend).size(640, 460);
      if (shaded != null) panel.shade(shaded[0], shaded[1], shadedLabel);
      if (marks != null) panel.markX(marks, marksLabel);
      for (String m : group) for (String n : drawn.get(m)) panel.series(n, series.get(n)[0], series.get(n)[1]);
      for (String r : split.references()) for (String n : drawn.get(r)) panel.series(n, series.get(n)[0], series.get(n)[1]);
      charts.add(panel);
    }
    return SmallMultiples.of(title(), charts, Math.min(3, charts.size()));
  }

  /** The title the chart will carry: the given one with the flat-chart suffix when it applies. */
  public String title() {
    List<double[]> xs = new ArrayList<>();
    List<double[]> ys = new ArrayList<>();
    for (double[][] s : series.values()) {
      xs.add(s[0]);
      ys.add(s[1]);
    }
    return title + Flatness.suffix(ys, xs, flatReason);
  }

  /** The series as they will be drawn: per drawn series, the names it stands for ({@link Coincident}). */
  public Map<String, List<String>> drawnSeries() {
    double[] allY = all(1);
    double[] yr = range(allY, null, null);
    return Coincident.groups(series, Coincident.TOLERANCE * (yr[1] - yr[0]));
  }

  /** The series by name, {@code {x[], y[]}}. */
  Map<String, double[][]> seriesByName() {
    return series;
  }

  /** The XChart chart, not yet rendered. */
  public XYChart chart() {
    double[] allX = all(0);
    double[] allY = all(1);
    boolean logX = Axes.isLog(xScale, allX);
    boolean logY = Axes.isLog(yScale, allY);
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title())
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    XYStyler s = chart.getStyler();
    s.setXAxisLogarithmic(logX);
    s.setYAxisLogarithmic(logY);
    double[] xr = range(allX, null, null);
    double[] yr = range(allY, logY ? null : yMin, logY ? null : yMax);
    if (logX) {
      xr = decadeEnds && xr[0] > 0 ? decadeRange(xr) : Axes.logEnds(xr[0], xr[1]);
      s.setXAxisMin(xr[0]);
      s.setXAxisMax(xr[1]);
    }
    if (logY) {
      yr = decadeEnds && yr[0] > 0 ? decadeRange(yr) : Axes.logEnds(yr[0], yr[1]);
      s.setYAxisMin(yr[0]);
      s.setYAxisMax(yr[1]);
    }
    // Ticks at every 1..9 x 10^k, so the data ends are ticks and carry labels (Axes.tickFormat picks which read).
    s.setXAxisLogarithmicDecadeOnly(!logX);
    s.setYAxisLogarithmicDecadeOnly(!logY);
    if (!logY && yMin != null) s.setYAxisMin(yMin);
    if (!logY && yMax != null) s.setYAxisMax(yMax);
    double[] data = range(allY, null, null);
    double[] anchor = null;
    if (!logY && data[0] == data[1] && allY.length > 0) {
      // Every y value the same: XChart would draw one or two lone ticks. Give the axis room (or
      // the caller's ends) and hold it open with an invisible series.
      double pad = Math.max(Math.abs(data[0]) * 0.1, 0.1);
      yr = new double[] {yMin != null ? yMin : data[0] - pad, yMax != null ? yMax : data[1] + pad};
      s.setYAxisMin(yr[0]);
      s.setYAxisMax(yr[1]);
      anchor = yr;
    }
    Charts.ticks(s, true, xr, logX, Axes.X_TICKS, Axes.integers(allX));
    Charts.ticks(s, false, yr, logY, Axes.Y_TICKS, Axes.integers(allY) && Axes.integers(yr));
    boolean markers = series.values().stream().allMatch(xy -> xy[0].length <= Charts.MARKER_POINTS);
    Map<String, List<String>> drawn = Coincident.groups(series, Coincident.TOLERANCE * (yr[1] - yr[0]));
    Map<String, SeriesStyle> styles = SeriesStyle.forChart(drawn.keySet(), markers);
    List<String> labels = new ArrayList<>();
    if (shaded != null) shade(chart, yr);
    for (Map.Entry<String, List<String>> e : drawn.entrySet()) {
      double[][] xy0 = series.get(e.getKey());
      XYSeries xy = chart.addSeries(e.getKey(), xy0[0], xy0[1]);
      String label = Coincident.label(e.getValue(), series);
      labels.add(label);
      xy.setLabel(Charts.wrap(label));
      Charts.style(xy, styles.get(e.getKey()), markers);
    }
    if (marks != null && marks.length > 0) markX(chart, yr);
    if (anchor != null) {
      // Three unevenly spaced values: XChart puts ticks at the data values when those are evenly spaced.
      double[] ys = {anchor[0], anchor[0] + 0.37 * (anchor[1] - anchor[0]), anchor[1]};
      XYSeries hold = chart.addSeries(ANCHOR, new double[] {xr[0], xr[0], xr[0]}, ys);
      hold.setShowInLegend(false);
      hold.setMarker(SeriesMarkers.NONE);
      hold.setLineStyle(SeriesLines.NONE);
      hold.setLineColor(new java.awt.Color(0, 0, 0, 0));
    }
    if (shadedLabel != null && shaded != null) labels.add(shadedLabel);
    if (marksLabel != null && marks != null && marks.length > 0) labels.add(marksLabel);
    Charts.legend(s, labels, legend);
    Charts.title(s, chart.getTitle(), width, labels, legend);
    return chart;
  }

  private void shade(XYChart chart, double[] yr) {
    XYSeries band = chart.addSeries(shadedLabel == null ? "\u2063shade" : shadedLabel,
        new double[] {shaded[0], shaded[1]}, new double[] {yr[1], yr[1]});
    band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    band.setFillColor(new java.awt.Color(0, 0, 0, 28));
    band.setLineColor(new java.awt.Color(0, 0, 0, 0));
    band.setMarker(SeriesMarkers.NONE);
    band.setShowInLegend(shadedLabel != null);
  }

  private void markX(XYChart chart, double[] yr) {
    double[] x = new double[marks.length * 3];
    double[] y = new double[marks.length * 3];
    for (int i = 0; i < marks.length; i++) {
      x[3 * i] = marks[i];
      x[3 * i + 1] = marks[i];
      x[3 * i + 2] = Double.NaN;
      y[3 * i] = yr[0];
      y[3 * i + 1] = yr[1];
      y[3 * i + 2] = Double.NaN;
    }
    XYSeries m = chart.addSeries(marksLabel == null ? "\u2063marks" : marksLabel, x, y);
    m.setMarker(SeriesMarkers.NONE);
    m.setLineColor(new java.awt.Color(0x55, 0x55, 0x55));
    m.setLineStyle(new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
    m.setShowInLegend(marksLabel != null);
  }

  private double[] all(int axis) {
    return series.values().stream().flatMapToDouble(xy -> java.util.Arrays.stream(xy[axis])).toArray();
  }

  /** The whole decades around a positive range. */
  private static double[] decadeRange(double[] r) {
    return new double[] {Math.pow(10, Math.floor(Math.log10(r[0]))), Math.pow(10, Math.ceil(Math.log10(r[1])))};
  }

  /** The data's [min, max] over finite values, widened to the fixed ends. */
  static double[] range(double[] values, Double fixedMin, Double fixedMax) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      if (!Double.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    if (fixedMin != null) lo = fixedMin;
    if (fixedMax != null) hi = fixedMax;
    if (lo > hi) return new double[] {0, 1};
    return new double[] {lo, hi};
  }
}
