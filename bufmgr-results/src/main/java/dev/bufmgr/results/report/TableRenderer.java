package dev.bufmgr.results.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** An aligned plain-text table; numbers right-aligned, doubles with four significant decimals. */
final class TableRenderer {
  private TableRenderer() {}

  static String render(List<ResultRow> rows) {
    List<String> cols = Columns.of(rows);
    if (cols.isEmpty()) return "";
    List<String[]> cells = new ArrayList<>();
    int[] width = new int[cols.size()];
    boolean[] numeric = new boolean[cols.size()];
    for (int c = 0; c < cols.size(); c++) width[c] = cols.get(c).length();
    for (ResultRow r : rows) {
      String[] line = new String[cols.size()];
      for (int c = 0; c < cols.size(); c++) {
        Object v = r.get(cols.get(c));
        line[c] = format(v);
        if (v instanceof Number) numeric[c] = true;
        width[c] = Math.max(width[c], line[c].length());
      }
      cells.add(line);
    }
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < cols.size(); c++) pad(sb, cols.get(c), width[c], numeric[c], c);
    sb.append('\n');
    for (int c = 0; c < cols.size(); c++) {
      if (c > 0) sb.append("  ");
      sb.append("-".repeat(width[c]));
    }
    sb.append('\n');
    for (String[] line : cells) {
      for (int c = 0; c < cols.size(); c++) pad(sb, line[c], width[c], numeric[c], c);
      sb.append('\n');
    }
    return sb.toString();
  }

  static String format(Object v) {
    if (v == null) return "-";
    if (v instanceof Double d) {
      if (!Double.isFinite(d)) return "-";
      double a = Math.abs(d);
      if (a != 0 && (a >= 1e7 || a < 1e-3)) return String.format(Locale.ROOT, "%.4g", d);
      return String.format(Locale.ROOT, a >= 1000 ? "%.1f" : "%.4f", d);
    }
    return v.toString();
  }

  private static void pad(StringBuilder sb, String s, int width, boolean right, int col) {
    if (col > 0) sb.append("  ");
    String fill = " ".repeat(width - s.length());
    if (right) sb.append(fill).append(s);
    else sb.append(s).append(fill);
  }
}
