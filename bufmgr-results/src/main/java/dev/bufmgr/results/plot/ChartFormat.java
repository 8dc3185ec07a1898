package dev.bufmgr.results.plot;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A file format a chart is written in: PNG for screens and the HTML report, SVG and PDF (vector,
 * through VectorGraphics2D, as XChart's own VectorGraphicsEncoder does) for papers.
 */
public enum ChartFormat {
  PNG("png"),
  SVG("svg"),
  PDF("pdf");

  private final String extension;

  ChartFormat(String extension) {
    this.extension = extension;
  }

  /** The file name ending, without the dot. */
  public String extension() {
    return extension;
  }

  /**
   * The formats a {@code --chart-format} value names: a comma-separated list of png, svg and pdf,
   * or {@code all}; PNG is always among them (the HTML report shows the PNG files).
   *
   * @throws IllegalArgumentException naming the word that is none of these
   */
  public static Set<ChartFormat> parse(String text) {
    Set<ChartFormat> out = EnumSet.of(PNG);
    for (String word : text.split(",")) {
      String w = word.strip().toLowerCase(Locale.ROOT);
      if (w.equals("all")) {
        out.addAll(EnumSet.allOf(ChartFormat.class));
        continue;
      }
      ChartFormat found = null;
      for (ChartFormat f : values()) if (f.extension.equals(w)) found = f;
      if (found == null) throw new IllegalArgumentException("'" + word.strip() + "' is not png, svg, pdf or all");
      out.add(found);
    }
    return out;
  }
}
