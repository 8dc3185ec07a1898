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
 * outside on the right, its names wrapped. A chart of more than eight series is drawn as {@link
 * #panels}.
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
  /** The value axis's ends, shared by the panels of one chart (null: from the data). */
  private double[] axis;

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

  /** Draws the chart, or its {@link #panels} when it has more than {@value LineChart#MAX_SERIES} series. */
  @Override
  public void paint(java.awt.Graphics2D g) {
    SmallMultiples p = panels();
    if (p == null) chart().paint(g, width, height);
    else p.paint(g);
  }

  /**
   * Null when the chart has at most {@value LineChart#MAX_SERIES} series; else, as {@link
   * LineChart#panels}, the chart split into {@link SmallMultiples}: the reference series (LRU and
   * OPT in any form, by {@link PolicyLabel}) in every panel, the others split evenly over the
   * panels in their order, every panel with this chart's categories and one value axis.
   */
  SmallMultiples panels() {
    PanelSplit split = PanelSplit.of(series.keySet());
    if (split == null) return null;
    double[] all = series.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
    double[] r = LineChart.range(all, 0.0, null);
    List<BarChart> charts = new ArrayList<>();
    for (List<String> group : split.groups()) {
      BarChart panel = of(split.title(group), yTitle, categories).legend(legend).size(640, 460);
      panel.xTitle = xTitle;
      panel.axis = new double[] {Math.min(r[0], 0), r[1] + 0.04 * (r[1] - Math.min(r[0], 0))};
      for (String m : group) panel.series(m, series.get(m));
      for (String m : split.references()) panel.series(m, series.get(m));
      charts.add(panel);
    }
    return SmallMultiples.of(title(), charts, Math.min(2, charts.size()));
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
    double[] all = series.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
    double[] r = LineChart.range(all, 0.0, null);
    double[] ends = axis != null ? axis : new double[] {Math.min(r[0], 0), r[1]};
    if (axis != null) {
      s.setYAxisMin(axis[0]);
      s.setYAxisMax(axis[1]);
    }
    Charts.ticks(s, false, ends, false, Axes.Y_TICKS, Axes.integers(all));
    Map<String, java.awt.Color> colours = SeriesStyle.barColours(series.keySet());
    for (Map.Entry<String, List<Double>> e : series.entrySet()) {
      CategorySeries cs = chart.addSeries(e.getKey(), categories, e.getValue());
      cs.setLabel(Charts.wrap(PolicyLabel.of(e.getKey())));
      cs.setFillColor(colours.get(e.getKey()));
    }
    s.setXAxisLabelRotation(rotation());
    s.setXAxisTickMarkSpacingHint(Math.min(s.getXAxisTickMarkSpacingHint(), tickSpacingHint()));
    List<String> labels = series.keySet().stream().map(PolicyLabel::of).toList();
    Charts.legend(s, labels, legend);
    Charts.title(s, chart.getTitle(), width, labels, legend);
    return chart;
  }

  /**
   * The angle of the category labels: 0 when every label fits its share of the plot's width
   * (XChart's own margin of 1.1 on the widest label), else 45 degrees while slanted neighbours stay
   * apart (their gap across the text, 0.7 of the share, above {@value #SLANT_GAP} pixels), else 90.
   */
  int rotation() {
    double share = plotWidth() / Math.max(1.0, categories.size());
    if (widestLabel() * 1.1 < share) return 0;
    return 0.7 * share > SLANT_GAP ? 45 : 90;
  }

  /** Pixels across slanted labels that keep neighbours apart: a 12-point line and a gap. */
  static final double SLANT_GAP = 20;

  /**
   * XChart's tick-mark spacing hint for the category axis: XChart (AxisTickCalculator_Category)
   * shows only every n-th category label when a category is narrower than the hint (74 pixels by
   * default, whatever the labels), which left out every other selector of checkpoint-storm's and
   * torn-pages' charts. The hint is the room the labels need at their {@link #rotation}.
   */
  int tickSpacingHint() {
    return switch (rotation()) {
      case 0 -> (int) Math.ceil(widestLabel() * 1.1);
      case 45 -> (int) SLANT_GAP * 3 / 2;
      default -> (int) SLANT_GAP;
    };
  }

  /** The width of the widest category label, laid flat, in XChart's tick-label font. */
  private double widestLabel() {
    java.awt.Font font = new CategoryStyler().getAxisTickLabelsFont();
    java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, false);
    double widest = 0;
    for (String c : categories) {
      if (!c.isEmpty()) widest = Math.max(widest, new java.awt.font.TextLayout(c, font, frc).getBounds().getWidth());
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
