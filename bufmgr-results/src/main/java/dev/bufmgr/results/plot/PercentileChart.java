package dev.bufmgr.results.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A distribution over traces drawn per named row (one row per policy), in one or more panels
 * side by side (one per cache size), a {@link Figure} (PNG, SVG, PDF). Each row is given as its P10, P25, median,
 * mean, P75 and P90. Two styles:
 *
 * <ul>
 *   <li>{@link Style#DOTS}: each statistic a marker of its own on a thin P10..P90 line, the
 *       S3-FIFO paper's percentile figure (Yang et al., SOSP '23, Fig. 6);
 *   <li>{@link Style#BOXES}: a box from P25 to P75 with the median across it, whiskers to P10
 *       and P90 (not the 1.5 IQR rule), and the mean as a black diamond, as libCacheSim's plot
 *       scripts draw the reduction.
 * </ul>
 *
 * XChart has no categorical axis with horizontal rows nor a box plot with percentile whiskers,
 * so the chart is drawn with Java 2D. The value axis is linear, its own in each panel (spanning
 * the panel's data and 0), with a darker line at 0; tick labels read {@code 0.05} ({@link
 * Axes#decimalPattern}). A row's colour is its {@link SeriesStyle} colour; its name is never
 * cut: the label column is as wide as the longest name.
 */
public final class PercentileChart implements Figure {
  /** How each row is drawn. */
  public enum Style {
    DOTS,
    BOXES
  }

  /** The statistics a row is given as, in order. */
  public static final List<String> STATISTICS = List.of("P10", "P25", "median", "mean", "P75", "P90");

  private static final int PANEL_WIDTH = 420;
  private static final int ROW_HEIGHT = 34;
  private static final int TOP = 64;
  private static final int AXIS = 58;
  private static final int LEGEND = 40;
  private static final int GAP = 28;
  private static final int PAD = 16;
  private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
  private static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 13);
  private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
  private static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
  private static final Color GRID = new Color(0xE3E3E3);
  private static final Color AXIS_COLOUR = new Color(0x555555);
  /** The statistics' marker colours in {@link Style#DOTS} (Paul Tol's bright scheme, P10 to P90). */
  private static final Color[] DOT_COLOURS = {
    new Color(0x4477AA), new Color(0x66CCEE), new Color(0x228833), new Color(0x000000), new Color(0xCCBB44), new Color(0xEE6677)
  };

  private final String title;
  private final String xTitle;
  private final Style style;
  private final List<Panel> panels = new ArrayList<>();

  private record Panel(String title, Map<String, double[]> rows) {}

  private PercentileChart(String title, String xTitle, Style style) {
    this.title = title;
    this.xTitle = xTitle;
    this.style = style;
  }

  /** A chart with this title, value-axis title and style, and no panel yet. */
  public static PercentileChart of(String title, String xTitle, Style style) {
    return new PercentileChart(title, xTitle, style);
  }

  /**
   * Adds a panel.
   *
   * @param rows per row name, in order, its six {@link #STATISTICS} (null: no data, drawn as such)
   */
  public PercentileChart panel(String panelTitle, Map<String, double[]> rows) {
    Map<String, double[]> copy = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : rows.entrySet()) {
      double[] v = e.getValue();
      if (v != null && v.length != STATISTICS.size()) {
        throw new IllegalArgumentException("row '" + e.getKey() + "': " + v.length + " values, not " + STATISTICS.size());
      }
      copy.put(e.getKey(), v == null ? null : v.clone());
    }
    panels.add(new Panel(panelTitle, copy));
    return this;
  }

  /** The names of every panel's rows, in first-seen order (the rows drawn). */
  public List<String> rowNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Panel p : panels) names.addAll(p.rows.keySet());
    return List.copyOf(names);
  }

  /** The width: the label column, as wide as the longest row name, and the panels side by side. */
  @Override
  public int width() {
    int n = Math.max(1, panels.size());
    return Math.max(left() + n * PANEL_WIDTH + (n - 1) * GAP + PAD, 640);
  }

  /** The height: a row per name, the titles, the value axis and the legend. */
  @Override
  public int height() {
    return TOP + plotHeight() + AXIS + LEGEND;
  }

  @Override
  public String title() {
    return title;
  }

  private int plotHeight() {
    return Math.max(1, rowNames().size()) * ROW_HEIGHT;
  }

  /** The left edge of the first panel: the widest row name, measured in {@link #LABEL}. */
  private int left() {
    System.setProperty("java.awt.headless", "true");
    BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    Graphics2D pg = probe.createGraphics();
    FontMetrics lm = pg.getFontMetrics(LABEL);
    int labelWidth = 0;
    for (String n : rowNames()) labelWidth = Math.max(labelWidth, lm.stringWidth(n));
    pg.dispose();
    return PAD + labelWidth + 12;
  }

  @Override
  public void paint(Graphics2D g) {
    List<String> names = rowNames();
    int left = left();
    int width = width();
    int height = height();
    int plotHeight = plotHeight();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    g.setColor(Color.BLACK);
    g.setFont(TITLE);
    centre(g, title, width / 2.0, 26);
    Map<String, Color> colours = SeriesStyle.barColours(names);
    g.setFont(LABEL);
    for (int i = 0; i < names.size(); i++) {
      double y = TOP + (i + 0.5) * ROW_HEIGHT;
      g.setColor(Color.BLACK);
      g.drawString(names.get(i), PAD, (float) (y + g.getFontMetrics().getAscent() / 2.0 - 2));
    }
    for (int k = 0; k < panels.size(); k++) {
      int x0 = left + k * (PANEL_WIDTH + GAP);
      drawPanel(g, panels.get(k), names, colours, x0, plotHeight);
    }
    drawLegend(g, width, TOP + plotHeight + AXIS);
  }

  /** The image, drawn as the PNG is. */
  public BufferedImage image() {
    System.setProperty("java.awt.headless", "true");
    BufferedImage img = new BufferedImage(width(), height(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      paint(g);
    } finally {
      g.dispose();
    }
    return img;
  }

  private void drawPanel(Graphics2D g, Panel p, List<String> names, Map<String, Color> colours, int x0, int plotHeight) {
    double[] range = range(p);
    double step = step(range[1] - range[0]);
    // A negative end reaches the next tick, so it is labelled, unless the data barely cross 0.
    double lo = range[0] < -0.25 * step ? Math.floor(range[0] / step) * step : range[0];
    double hi = range[1];
    int inner = PANEL_WIDTH - 16;
    int px = x0 + 8;
    java.util.function.DoubleUnaryOperator at = v -> px + (v - lo) / (hi - lo) * inner;
    g.setFont(PANEL_TITLE);
    g.setColor(Color.BLACK);
    centre(g, p.title, x0 + PANEL_WIDTH / 2.0, TOP - 12);
    g.setColor(new Color(0xFAFAFA));
    g.fill(new Rectangle2D.Double(x0, TOP, PANEL_WIDTH, plotHeight));
    DecimalFormat f = new DecimalFormat(Axes.decimalPattern(lo, hi, (int) Math.round((hi - lo) / step)),
        DecimalFormatSymbols.getInstance(Locale.ROOT));
    g.setFont(TICK);
    long first = (long) Math.ceil(lo / step - 1e-9);
    long last = (long) Math.floor(hi / step + 1e-9);
    for (long t = first; t <= last; t++) {
      double v = t * step;
      double x = at.applyAsDouble(v);
      boolean zero = Math.abs(v) < step * 1e-6;
      g.setColor(zero ? AXIS_COLOUR : GRID);
      g.setStroke(new BasicStroke(zero ? 1.6f : 1f));
      g.draw(new Line2D.Double(x, TOP, x, TOP + plotHeight));
      g.setColor(Color.BLACK);
      String s = f.format(zero ? 0 : v);
      centre(g, s, x, TOP + plotHeight + 18);
    }
    g.setColor(AXIS_COLOUR);
    g.setStroke(new BasicStroke(1f));
    g.draw(new Rectangle2D.Double(x0, TOP, PANEL_WIDTH, plotHeight));
    g.setFont(LABEL);
    g.setColor(Color.BLACK);
    centre(g, xTitle, x0 + PANEL_WIDTH / 2.0, TOP + plotHeight + 40);
    for (int i = 0; i < names.size(); i++) {
      double y = TOP + (i + 0.5) * ROW_HEIGHT;
      double[] v = p.rows.get(names.get(i));
      if (v == null || !Double.isFinite(v[0])) {
        g.setColor(Color.GRAY);
        g.setFont(TICK);
        centre(g, "no traces", x0 + PANEL_WIDTH / 2.0, y + 4);
        continue;
      }
      double[] x = new double[v.length];
      for (int s = 0; s < v.length; s++) x[s] = at.applyAsDouble(v[s]);
      if (style == Style.DOTS) drawDots(g, x, y);
      else drawBox(g, x, y, colours.get(names.get(i)));
    }
  }

  private static void drawDots(Graphics2D g, double[] x, double y) {
    g.setColor(new Color(0x999999));
    g.setStroke(new BasicStroke(1.5f));
    g.draw(new Line2D.Double(x[0], y, x[5], y));
    for (int s = 0; s < x.length; s++) marker(g, s, x[s], y);
  }

  private static void drawBox(Graphics2D g, double[] x, double y, Color colour) {
    double half = ROW_HEIGHT * 0.3;
    g.setStroke(new BasicStroke(1.5f));
    g.setColor(colour.darker());
    g.draw(new Line2D.Double(x[0], y, x[1], y));
    g.draw(new Line2D.Double(x[4], y, x[5], y));
    g.draw(new Line2D.Double(x[0], y - half / 2, x[0], y + half / 2));
    g.draw(new Line2D.Double(x[5], y - half / 2, x[5], y + half / 2));
    Rectangle2D box = new Rectangle2D.Double(x[1], y - half, Math.max(1, x[4] - x[1]), 2 * half);
    g.setColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 90));
    g.fill(box);
    g.setColor(colour.darker());
    g.draw(box);
    g.setStroke(new BasicStroke(3f));
    g.draw(new Line2D.Double(x[2], y - half, x[2], y + half));
    g.setColor(Color.BLACK);
    g.fill(diamond(x[3], y, 6));
  }

  /** Statistic {@code s}'s marker in {@link Style#DOTS}: P10/P90 triangles, P25/P75 squares, median a circle, mean a diamond. */
  private static void marker(Graphics2D g, int s, double x, double y) {
    Shape shape = switch (s) {
      case 0 -> triangle(x, y, 6, true);
      case 1, 4 -> new Rectangle2D.Double(x - 4.5, y - 4.5, 9, 9);
      case 2 -> new Ellipse2D.Double(x - 5, y - 5, 10, 10);
      case 3 -> diamond(x, y, 6.5);
      default -> triangle(x, y, 6, false);
    };
    g.setColor(DOT_COLOURS[s]);
    g.fill(shape);
    g.setColor(Color.BLACK);
    g.setStroke(new BasicStroke(0.8f));
    g.draw(shape);
  }

  private void drawLegend(Graphics2D g, int width, int top) {
    g.setFont(TICK);
    FontMetrics fm = g.getFontMetrics();
    List<String> items = style == Style.DOTS ? STATISTICS
        : List.of("box: P25 to P75", "bar: median", "whiskers: P10 to P90", "mean");
    int total = 0;
    for (String s : items) total += 22 + fm.stringWidth(s) + 18;
    double x = (width - total) / 2.0;
    double y = top + LEGEND / 2.0;
    for (int i = 0; i < items.size(); i++) {
      if (style == Style.DOTS) marker(g, i, x + 8, y);
      else legendBoxPart(g, i, x + 8, y);
      g.setColor(Color.BLACK);
      g.drawString(items.get(i), (float) (x + 22), (float) (y + fm.getAscent() / 2.0 - 1));
      x += 22 + fm.stringWidth(items.get(i)) + 18;
    }
  }

  private static void legendBoxPart(Graphics2D g, int i, double x, double y) {
    g.setColor(Color.DARK_GRAY);
    g.setStroke(new BasicStroke(1.5f));
    switch (i) {
      case 0 -> g.draw(new Rectangle2D.Double(x - 7, y - 5, 14, 10));
      case 1 -> {
        g.setStroke(new BasicStroke(3f));
        g.draw(new Line2D.Double(x, y - 6, x, y + 6));
      }
      case 2 -> {
        g.draw(new Line2D.Double(x - 7, y, x + 7, y));
        g.draw(new Line2D.Double(x - 7, y - 4, x - 7, y + 4));
        g.draw(new Line2D.Double(x + 7, y - 4, x + 7, y + 4));
      }
      default -> {
        g.setColor(Color.BLACK);
        g.fill(diamond(x, y, 6));
      }
    }
  }

  /**
   * The panel's data range: every finite statistic and 0, widened by 4% of the span on the right
   * and, where a value lies below 0, on the left; ticks fall on the multiples of {@link #step}
   * inside the axis.
   */
  private static double[] range(Panel p) {
    double lo = 0;
    double hi = 0;
    for (double[] v : p.rows.values()) {
      if (v == null) continue;
      for (double d : v) {
        if (!Double.isFinite(d)) continue;
        lo = Math.min(lo, d);
        hi = Math.max(hi, d);
      }
    }
    if (hi - lo < 1e-9) hi = lo + 0.1;
    double pad = (hi - lo) * 0.04;
    return new double[] {lo < 0 ? lo - pad : lo, hi + pad};
  }

  /** A 1, 2 or 5 x 10^k tick step giving at most about six ticks over {@code span}. */
  static double step(double span) {
    double raw = span / 6;
    double k = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) if (m * k >= raw) return m * k;
    return 10 * k;
  }

  private static Shape triangle(double x, double y, double r, boolean left) {
    Path2D.Double t = new Path2D.Double();
    double d = left ? -r : r;
    t.moveTo(x + d, y);
    t.lineTo(x - d, y - r);
    t.lineTo(x - d, y + r);
    t.closePath();
    return t;
  }

  private static Shape diamond(double x, double y, double r) {
    Path2D.Double d = new Path2D.Double();
    d.moveTo(x, y - r);
    d.lineTo(x + r, y);
    d.lineTo(x, y + r);
    d.lineTo(x - r, y);
    d.closePath();
    return d;
  }

  private static void centre(Graphics2D g, String text, double x, double baseline) {
    FontMetrics fm = g.getFontMetrics();
    g.drawString(text, (float) (x - fm.stringWidth(text) / 2.0), (float) baseline);
  }
}
