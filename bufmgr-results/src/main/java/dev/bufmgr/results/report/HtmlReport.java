package dev.bufmgr.results.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code index.html} of a results folder: one self-contained page (no network: styles and
 * script inline, charts as relative links to the folder's own PNG files) with the summary
 * rendered from its Markdown ({@link Markdown}) below every chart, and the results table, every table
 * sortable by clicking a column heading. A line at the foot says whether every chart loaded
 * ({@code id="bufmgr-status"}), which the headless-browser test reads.
 */
public final class HtmlReport {
  /** Results rows shown in the page's table at most; results.csv has them all. */
  static final int MAX_ROWS = 2000;

  /** A chart of the page: its file name inside the folder, its title, and its other formats' file names. */
  public record Chart(String file, String title, List<String> alternatives) {}

  private HtmlReport() {}

  /** The page. */
  public static String render(String title, String summaryMarkdown, List<Chart> charts, List<ResultRow> rows) {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(Markdown.escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
    b.append("<nav>").append(Markdown.escape(title)).append(": <a href=\"#summary\">summary</a>");
    if (!charts.isEmpty()) b.append(" · <a href=\"#charts\">charts</a>");
    if (!rows.isEmpty()) b.append(" · <a href=\"#results\">results</a>");
    b.append(" · files: <a href=\"summary.md\">summary.md</a> <a href=\"results.csv\">results.csv</a> <a href=\"results.jsonl\">results.jsonl</a></nav>\n");
    if (!charts.isEmpty()) {
      b.append("<section id=\"charts\">\n<h2>Charts</h2>\n");
      for (Chart c : charts) {
        b.append("<figure><img class=\"chart\" src=\"").append(Markdown.escape(c.file())).append("\" alt=\"")
            .append(Markdown.escape(c.title())).append("\"><figcaption>").append(Markdown.escape(c.title())).append(" (")
            .append("<a href=\"").append(Markdown.escape(c.file())).append("\">").append(Markdown.escape(c.file())).append("</a>");
        for (String a : c.alternatives()) b.append(", <a href=\"").append(Markdown.escape(a)).append("\">").append(Markdown.escape(a)).append("</a>");
        b.append(")</figcaption></figure>\n");
      }
      b.append("</section>\n");
    }
    b.append("<section id=\"summary\">\n").append(Markdown.toHtml(summaryMarkdown)).append("</section>\n");
    if (!rows.isEmpty()) {
      b.append("<section id=\"results\">\n<h2>Results</h2>\n<p>Click a column heading to sort.");
      if (rows.size() > MAX_ROWS) b.append(" The first ").append(MAX_ROWS).append(" of ").append(rows.size()).append(" rows; results.csv has them all.");
      b.append("</p>\n<div class=\"wide\"><table class=\"sortable\">\n<thead><tr>");
      Set<String> columns = new LinkedHashSet<>();
      for (ResultRow r : rows) columns.addAll(r.fields().keySet());
      for (String c : columns) b.append("<th>").append(Markdown.escape(c)).append("</th>");
      b.append("</tr></thead>\n<tbody>\n");
      for (ResultRow r : rows.subList(0, Math.min(rows.size(), MAX_ROWS))) {
        b.append("<tr>");
        for (String c : columns) {
          Object v = r.get(c);
          b.append("<td>").append(v == null ? "" : Markdown.escape(String.valueOf(v))).append("</td>");
        }
        b.append("</tr>\n");
      }
      b.append("</tbody></table></div>\n</section>\n");
    }
    b.append("<footer><p id=\"bufmgr-status\">page script did not run</p></footer>\n<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
    return b.toString();
  }

  /** The alternatives of {@code file} among {@code names}: the same base name with another ending. */
  public static List<String> alternatives(String file, Set<String> names) {
    String base = file.substring(0, file.lastIndexOf('.') + 1);
    List<String> out = new ArrayList<>();
    for (String n : names) if (!n.equals(file) && n.startsWith(base) && n.indexOf('.', base.length()) < 0) out.add(n);
    return out;
  }

  private static final String STYLE = """
      body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1500px; padding: 0 1em; color: #222; }
      nav { font-size: 0.9em; border-bottom: 1px solid #ccc; padding-bottom: 0.4em; margin-bottom: 1em; }
      table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; }
      th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; white-space: nowrap; }
      th { background: #eee; cursor: pointer; position: sticky; top: 0; }
      th.asc::after { content: " \\25B2"; } th.desc::after { content: " \\25BC"; }
      td:first-child, th:first-child { text-align: left; }
      .wide { overflow-x: auto; max-height: 80vh; }
      #summary table { display: block; overflow-x: auto; max-width: 100%; }
      figure { display: inline-block; margin: 0.5em; vertical-align: top; }
      img.chart { max-width: 100%; border: 1px solid #ddd; }
      figcaption { font-size: 0.85em; color: #555; }
      code, pre { background: #f4f4f4; }
      pre { padding: 0.5em; overflow-x: auto; }
      footer { color: #777; font-size: 0.8em; margin-top: 2em; }
      """;

  /**
   * Sorting: a click on a heading sorts its table's body by that column, numerically when every
   * cell of it is a number, again to reverse. The status line: after the load event, how many
   * charts loaded (naturalWidth above 0) and any script error.
   */
  private static final String SCRIPT = """
      var errors = [];
      window.addEventListener('error', function (e) { errors.push(e.message || ('cannot load ' + (e.target && e.target.src))); }, true);
      function cellValue(row, i) { var c = row.cells[i]; return c ? c.textContent.trim() : ''; }
      document.querySelectorAll('table.sortable').forEach(function (table) {
        var heads = table.tHead ? table.tHead.rows[0].cells : [];
        Array.prototype.forEach.call(heads, function (th, i) {
          th.addEventListener('click', function () {
            var body = table.tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            var numeric = rows.every(function (r) { var v = cellValue(r, i).replace(/,/g, ''); return v === '' || !isNaN(Number(v)); });
            var desc = th.classList.contains('asc');
            Array.prototype.forEach.call(heads, function (h) { h.classList.remove('asc', 'desc'); });
            th.classList.add(desc ? 'desc' : 'asc');
            rows.sort(function (a, b) {
              var x = cellValue(a, i), y = cellValue(b, i);
              var d = numeric ? Number(x.replace(/,/g, '')) - Number(y.replace(/,/g, '')) : x.localeCompare(y);
              return desc ? -d : d;
            });
            rows.forEach(function (r) { body.appendChild(r); });
          });
        });
      });
      window.addEventListener('load', function () {
        var charts = document.querySelectorAll('img.chart');
        var broken = Array.prototype.filter.call(charts, function (img) { return !(img.complete && img.naturalWidth > 0); });
        var status = document.getElementById('bufmgr-status');
        status.textContent = (broken.length === 0 && errors.length === 0 ? 'ok: ' : 'broken: ') + (charts.length - broken.length)
            + ' of ' + charts.length + ' charts loaded'
            + broken.map(function (img) { return '; not loaded: ' + img.getAttribute('src'); }).join('')
            + errors.map(function (e) { return '; error: ' + e; }).join('');
      });
      """;
}
