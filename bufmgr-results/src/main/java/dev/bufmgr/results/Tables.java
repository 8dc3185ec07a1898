package dev.bufmgr.results;

import java.util.List;
import java.util.Locale;

/** Markdown tables and number formats for experiment summaries. */
public final class Tables {
  private Tables() {}

  /** A Markdown table with a header row. */
  public static String markdown(List<String> header, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
    for (int i = 0; i < header.size(); i++) sb.append("---|");
    sb.append('\n');
    for (List<String> r : rows) sb.append("| ").append(String.join(" | ", r)).append(" |\n");
    return sb.append('\n').toString();
  }

  /** A ratio as a percentage with two decimals, e.g. 97.31%. */
  public static String pct(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2f%%", ratio * 100);
  }

  /** A number with the given decimals. */
  public static String num(double v, int decimals) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
