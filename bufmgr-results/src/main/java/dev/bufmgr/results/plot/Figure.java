package dev.bufmgr.results.plot;

import java.awt.Graphics2D;

/**
 * Something drawn at a fixed size onto any {@link Graphics2D}: a chart of this package or a grid
 * of them ({@link SmallMultiples}). One drawing serves every {@link ChartFormat}, so the PNG and
 * the vector files of a chart show the same thing.
 */
public interface Figure {
  /** The width in pixels (points in vector formats). */
  int width();

  /** The height in pixels (points in vector formats). */
  int height();

  /** The title, for the HTML report's caption. */
  String title();

  /** Draws the figure with its top left corner at the origin of {@code g}. */
  void paint(Graphics2D g);

  /** The file bytes in {@code format}. */
  default byte[] bytes(ChartFormat format) {
    return Charts.encode(this, format);
  }

  /** The PNG bytes. */
  default byte[] png() {
    return bytes(ChartFormat.PNG);
  }
}
