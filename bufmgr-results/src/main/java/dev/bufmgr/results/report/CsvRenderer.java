package dev.bufmgr.results.report;

import java.util.List;

/** RFC 4180 CSV with a header row; absent and null fields are empty cells. */
final class CsvRenderer {
  private CsvRenderer() {}

  static String render(List<ResultRow> rows) {
    List<String> cols = Columns.of(rows);
    StringBuilder sb = new StringBuilder();
    if (cols.isEmpty()) return "";
    line(sb, cols.stream().map(c -> (Object) c).toList());
    for (ResultRow r : rows) line(sb, cols.stream().map(r::get).toList());
    return sb.toString();
  }

  private static void line(StringBuilder sb, List<Object> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) sb.append(',');
      Object v = cells.get(i);
      if (v == null) continue;
      String s = v instanceof Double d && !Double.isFinite(d) ? "" : v.toString();
      if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0) {
        sb.append('"').append(s.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(s);
      }
    }
    sb.append('\n');
  }
}
