package dev.bufmgr.results.plot;

import de.erichseifert.vectorgraphics2d.Processor;
import de.erichseifert.vectorgraphics2d.Processors;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.AxesChartSeries;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** What every chart of the package shares: size, legend, series styling and rendering (PNG, SVG, PDF). */
final class Charts {
  static final int WIDTH = 900;
  static final int HEIGHT = 560;
  /** Legend lines are wrapped at commas and spaces to at most this many characters. */
  static final int LEGEND_CHARS = 26;
  /** Series with more points than this are drawn without markers (they would merge into a band). */
  static final int MARKER_POINTS = 40;

  private Charts() {}

  /**
   * The legend: outside on the right, names wrapped to {@value #LEGEND_CHARS} characters a line,
   * the font shrunk (12 down to 9 points) until every line fits the chart's height.
   */
  static void legend(Styler styler, Collection<String> names, boolean visible) {
    styler.setLegendVisible(visible && !names.isEmpty());
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    styler.setLegendPadding(6);
    styler.setLegendSeriesLineLength(44);
    int lines = 0;
    for (String n : names) lines += wrap(n).split("\n", -1).length;
    int size = 12;
    while (size > 9 && lines * (size * 1.3) + names.size() * 6 + 24 > HEIGHT - 70) size--;
    styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
  }

  /**
   * The title's font: XChart's own, shrunk a point at a time (to 10 points at least) until the
   * title fits. XChart draws the title on one line centred over the plot, which the legend on the
   * right pushes left, and cuts a longer one at the chart's edges; the plot is taken as the chart
   * less about 90 pixels of y axis and the legend's longest line ({@code legendLines}, about 7
   * pixels a character and 70 of key and padding).
   */
  static void title(Styler styler, String title, int width, Collection<String> legendLines, boolean legendShown) {
    int chars = 0;
    if (legendShown) for (String n : legendLines) for (String line : wrap(n).split("\n")) chars = Math.max(chars, line.length());
    double legend = legendShown && chars > 0 ? chars * 7 + 70 : 0;
    double centre = 70 + (width - 90 - legend) / 2;
    double room = 2 * Math.min(centre, width - centre) - 16;
    Font font = styler.getChartTitleFont();
    BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = probe.createGraphics();
    try {
      while (font.getSize() > 10 && g.getFontMetrics(font).stringWidth(title) > room) font = font.deriveFont((float) font.getSize() - 1);
    } finally {
      g.dispose();
    }
    styler.setChartTitleFont(font);
  }

  /** {@code name} broken after commas or at spaces into lines of at most {@value #LEGEND_CHARS} characters, continuation lines indented. */
  static String wrap(String name) {
    List<String> tokens = new ArrayList<>();
    StringBuilder t = new StringBuilder();
    for (char ch : name.toCharArray()) {
      if (ch == ' ' && t.length() > 0) {
        tokens.add(t.toString());
        t.setLength(0);
        t.append(ch);
        continue;
      }
      t.append(ch);
      if (ch == ',') {
        tokens.add(t.toString());
        t.setLength(0);
      }
    }
    if (t.length() > 0) tokens.add(t.toString());
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder();
    for (String tok : tokens) {
      if (line.length() > 0 && line.length() + tok.length() > LEGEND_CHARS) {
        out.append(line.toString().stripTrailing()).append('\n');
        line.setLength(0);
        line.append("  ").append(tok.stripLeading());
      } else {
        line.append(tok);
      }
    }
    out.append(line);
    return out.toString();
  }

  /**
   * Tick labels of one axis over the data range {@code range}: on a logarithmic axis the
   * formatting function of {@link Axes#tickFormat}, on a linear one its pattern ({@link
   * Axes#decimalPattern}; {@code integers} when every data value is whole) in the root locale,
   * so every label reads {@code 0.05}.
   */
  static void ticks(AxesChartStyler styler, boolean x, double[] range, boolean log, int ticks, boolean integers) {
    styler.setLocale(Locale.ROOT);
    if (log) {
      if (x) styler.setXAxisTickLabelsFormattingFunction(Axes.tickFormat(range[0], range[1], true, ticks, true));
      else styler.setYAxisTickLabelsFormattingFunction(Axes.tickFormat(range[0], range[1], true, ticks));
    } else {
      String pattern = Axes.decimalPattern(range[0], range[1], ticks, integers);
      if (x) styler.setXAxisDecimalPattern(pattern);
      else styler.setYAxisDecimalPattern(pattern);
    }
  }

  /** Gives {@code series} its style; markers only when {@code markers}. */
  static void style(AxesChartSeries series, SeriesStyle style, boolean markers) {
    series.setLineColor(style.color());
    series.setLineStyle(style.line());
    series.setLineWidth(style.line().getLineWidth());
    if (series instanceof MarkerSeries m) {
      m.setMarker(markers ? style.marker() : SeriesMarkers.NONE);
      m.setMarkerColor(style.color());
    }
    series.setFillColor(style.color());
  }

  /**
   * The bytes of {@code figure} in {@code format}: PNG through an ARGB image and ImageIO (as XChart's
   * BitmapEncoder does), SVG and PDF through VectorGraphics2D's processors (as XChart's
   * VectorGraphicsEncoder does), the figure drawn once onto each.
   */
  static byte[] encode(Figure figure, ChartFormat format) {
    System.setProperty("java.awt.headless", "true");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (format == ChartFormat.PNG) {
        BufferedImage image = new BufferedImage(figure.width(), figure.height(), BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
          figure.paint(g);
        } finally {
          g.dispose();
        }
        ImageIO.write(image, "png", out);
      } else {
        VectorGraphics2D g = new VectorGraphics2D();
        figure.paint(g);
        Processor processor = Processors.get(format.extension());
        processor.getDocument(g.getCommands(), new PageSize(0, 0, figure.width(), figure.height())).writeTo(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart '" + figure.title() + "' as " + format.extension() + ": " + e.getMessage(), e);
    }
    return out.toByteArray();
  }

  // XChart 4.0.3 marks every BitmapEncoder method deprecated without a replacement; it is the
  // project's chosen PNG writer (DESIGN, Toolchain).
  @SuppressWarnings("deprecation")
  static byte[] png(Chart<?, ?> chart) {
    System.setProperty("java.awt.headless", "true");
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart '" + chart.getTitle() + "': " + e.getMessage(), e);
    }
  }
}
