package dev.bufmgr.results.report;

import java.util.List;
import java.util.Locale;

/** How result rows are printed: an aligned table for people, JSON Lines or CSV for programs. */
public enum OutputFormat {
  TABLE {
    @Override
    public String render(List<ResultRow> rows) {
      return TableRenderer.render(rows);
    }
  },
  JSONL {
    @Override
    public String render(List<ResultRow> rows) {
      StringBuilder sb = new StringBuilder();
      for (ResultRow r : rows) sb.append(Json.object(r.fields())).append('\n');
      return sb.toString();
    }
  },
  CSV {
    @Override
    public String render(List<ResultRow> rows) {
      return CsvRenderer.render(rows);
    }
  };

  /** Renders rows in this format, ending with a newline when there is any row. */
  public abstract String render(List<ResultRow> rows);

  /** Parses {@code table}, {@code jsonl} or {@code csv}, case-insensitively. */
  public static OutputFormat parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--output must be one of table, jsonl, csv; got '" + text + "'");
    }
  }
}
