package dev.bufmgr.results.plot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

/**
 * A grouped bar chart as PNG bytes: categories on the x axis, one bar series per name, each in
 * its {@link SeriesStyle} colour (variants of one family in shades of it, {@link SeriesStyle#barColours}), named by its
 * {@link PolicyLabel}; category labels slanted when they would not fit side by side. Rendered headless. Tick labels read {@code 0.05}; a chart whose
 * series are all equal or constant says so in its title ({@link Flatness}); the legend sits
 * outside on the right, its names wrapped.
 */
public final class BarChart implements Figure {
  private final String title;
  private final String yTitle;
  private final List<String> categories;
  private final Map<String, List<Double>> series = new LinkedHashMap<>();
  private String xTitle;
  private String flatReason;
  private boolean legend = true;
  private int width = Charts.WIDTH;
  private int height = Charts.HEIGHT;

  private BarChart(String title, String yTitle, List<String> categories) {
    this.title = title;
    this.yTitle = yTitle;
    this.categories = List.copyOf(categories);
  }

  /** A chart with these titles and categories and no series yet. */
  public static BarChart of(String title, String yTitle, List<String> categories) {
    return new BarChart(title, yTitle, categories);
  }

  /**
   * The PNG bytes of a chart with the default options.
   *
   * @param categories the x-axis categories, in order
   * @param series per series name, one value per category
   */
  public static byte[] png(String title, String yTitle, List<String> categories, Map<String, List<Double>> series) {
    return of(title, yTitle, categories).series(series).png();
  }

  /** A chart with the default options, to be written in any {@link ChartFormat} ({@link Figure}). */
  public static BarChart figure(String title, String yTitle, List<String> categories, Map<String, List<Double>> series) {
    return of(title, yTitle, categories).series(series);
  }

  /** Adds series, per name one value per category. */
  public BarChart series(Map<String, List<Double>> byName) {
    for (Map.Entry<String, List<Double>> e : byName.entrySet()) series(e.getKey(), e.getValue());
    return this;
  }

  /** Adds a series, one value per category. */
  public BarChart series(String name, List<? extends Number> values) {
    if (values.size() != categories.size()) {
      throw new IllegalArgumentException("series '" + name + "': " + values.size() + " values for " + categories.size() + " categories");
    }
    List<Double> v = new ArrayList<>();
    for (Number n : values) v.add(n == null ? Double.NaN : n.doubleValue());
    series.put(name, v);
    return this;
  }

  /** The x axis title (default none). */
  public BarChart xTitle(String xTitle) {
    this.xTitle = xTitle;
    return this;
  }

  /** Why the chart is flat when its series turn out all equal or constant (see {@link Flatness}). */
  public BarChart flatReason(String reason) {
    this.flatReason = reason;
    return this;
  }

  /** Shows or hides the legend (default shown). */
  public BarChart legend(boolean visible) {
    this.legend = visible;
    return this;
  }

  /** The size in pixels (default {@value Charts#WIDTH} x {@value Charts#HEIGHT}). */
  public BarChart size(int width, int height) {
    this.width = width;
    this.height = height;
    return this;
  }

  @Override
  public int width() {
    return width;
  }

  @Override
  public int height() {
    return height;
  }

  @Override
  public void paint(java.awt.Graphics2D g) {
    chart().paint(g, width, height);
  }

  /** The title the chart will carry: the given one with the flat-chart suffix when it applies. */
  public String title() {
    List<double[]> ys = new ArrayList<>();
    for (List<Double> v : series.values()) ys.add(v.stream().mapToDouble(Double::doubleValue).toArray());
    return title + Flatness.suffix(ys, null, flatReason);
  }

  /** The XChart chart, not yet rendered. */
  public CategoryChart chart() {
    CategoryChartBuilder b = new CategoryChartBuilder().width(width).height(height).title(title()).yAxisTitle(yTitle);
    if (xTitle != null) b.xAxisTitle(xTitle);
    CategoryChart chart = b.build();
    CategoryStyler s = chart.getStyler();
    Charts.title(s, chart.getTitle(), width);
    double[] all = series.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
    double[] r = LineChart.range(all, 0.0, null);
    Charts.ticks(s, false, new double[] {Math.min(r[0], 0), r[1]}, false, Axes.Y_TICKS, Axes.integers(all));
    Map<String, java.awt.Color> colours = SeriesStyle.barColours(series.keySet());
    for (Map.Entry<String, List<Double>> e : series.entrySet()) {
      CategorySeries cs = chart.addSeries(e.getKey(), categories, e.getValue());
      cs.setLabel(Charts.wrap(PolicyLabel.of(e.getKey())));
      cs.setFillColor(colours.get(e.getKey()));
    }
    s.setXAxisLabelRotation(rotation());
    List<String> labels = series.keySet().stream().map(PolicyLabel::of).toList();
    Charts.legend(s, labels, legend);
    return chart;
  }

  /**
   * The angle of the category labels: 0 when every label fits its share of the plot's width, else
   * 45 degrees, or 90 when even slanted they would not. XChart's own test (AxisTickCalculator_,
   * willLabelsFitInTickSpaceHint) is applied: the widest label's rotated bounds, times 1.1, must
   * be narrower than the space per category, or XChart leaves every other label out.
   */
  int rotation() {
    double share = 0.9 * plotWidth() / Math.max(1.0, categories.size());
    if (widestLabel(0) * 1.1 < share) return 0;
    return widestLabel(45) * 1.1 < share ? 45 : 90;
  }

  /** The width of the widest category label's bounds at {@code degrees}, in XChart's tick-label font. */
  private double widestLabel(int degrees) {
    java.awt.Font font = new CategoryStyler().getAxisTickLabelsFont();
    java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, false);
    java.awt.geom.AffineTransform rot = degrees == 0 ? null : java.awt.geom.AffineTransform.getRotateInstance(-Math.toRadians(degrees));
    double widest = 0;
    for (String c : categories) {
      if (c.isEmpty()) continue;
      widest = Math.max(widest, new java.awt.font.TextLayout(c, font, frc).getOutline(rot).getBounds().getWidth());
    }
    return widest;
  }

  /** Pixels a character of a legend line takes, roughly (XChart's 12-point sans serif). */
  static final double CHAR_PX = 7;

  /** The plot's width, roughly: the chart less the y axis and, when shown, the legend. */
  private double plotWidth() {
    int legendChars = 0;
    for (String n : series.keySet()) for (String line : Charts.wrap(PolicyLabel.of(n)).split("\n")) legendChars = Math.max(legendChars, line.length());
    return width - 90 - (legend ? legendChars * CHAR_PX + 70 : 0);
  }
}
