package dev.bufmgr.results.plot;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.util.List;

/**
 * Several charts of one kind in a grid under one title, so that a chart with more series than a
 * reader can tell apart (about eight) is split by a facet (one panel per selector, say) and the
 * panels still read side by side. Panels keep their own legends and are drawn at the size given
 * here; every panel's series keep their {@link SeriesStyle}, so a policy looks alike in each.
 */
public final class SmallMultiples implements Figure {
  private static final int TITLE_HEIGHT = 34;
  private final String title;
  private final List<? extends Figure> panels;
  private final int columns;

  private SmallMultiples(String title, List<? extends Figure> panels, int columns) {
    if (panels.isEmpty()) throw new IllegalArgumentException("small multiples '" + title + "' without panels");
    this.title = title;
    this.panels = List.copyOf(panels);
    this.columns = Math.max(1, Math.min(columns, panels.size()));
  }

  /** Panels in rows of {@code columns}, under {@code title}. */
  public static SmallMultiples of(String title, List<? extends Figure> panels, int columns) {
    return new SmallMultiples(title, panels, columns);
  }

  private int rows() {
    return (panels.size() + columns - 1) / columns;
  }

  private int cellWidth() {
    return panels.stream().mapToInt(Figure::width).max().orElse(Charts.WIDTH);
  }

  private int cellHeight() {
    return panels.stream().mapToInt(Figure::height).max().orElse(Charts.HEIGHT);
  }

  @Override
  public int width() {
    return columns * cellWidth();
  }

  @Override
  public int height() {
    return TITLE_HEIGHT + rows() * cellHeight();
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public void paint(Graphics2D g) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    // XChart's own chart background, so the grid reads as one figure even where a row is short.
    g.setColor(new org.knowm.xchart.style.XYStyler().getChartBackgroundColor());
    g.fillRect(0, 0, width(), height());
    g.setColor(java.awt.Color.BLACK);
    Font font = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    // Shrunk a point at a time (to 10 points) until the title fits the figure's width.
    while (font.getSize() > 10 && g.getFontMetrics(font).stringWidth(title) > width() - 8) font = font.deriveFont((float) font.getSize() - 1);
    g.setFont(font);
    FontMetrics m = g.getFontMetrics();
    g.drawString(title, Math.max(4, (width() - m.stringWidth(title)) / 2), TITLE_HEIGHT - 10);
    for (int i = 0; i < panels.size(); i++) {
      AffineTransform saved = g.getTransform();
      g.translate((i % columns) * cellWidth(), TITLE_HEIGHT + (i / columns) * cellHeight());
      Figure p = panels.get(i);
      g.setClip(0, 0, p.width(), p.height());
      p.paint(g);
      g.setClip(null);
      g.setTransform(saved);
    }
  }
}
