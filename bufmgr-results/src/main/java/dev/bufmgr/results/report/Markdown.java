package dev.bufmgr.results.report;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown of the project's summaries as HTML: headings, paragraphs, lists, pipe tables,
 * fenced code, and inline code, bold, italics and links. Not CommonMark: only what summary.md
 * files use, every other character escaped, so no text of a run can inject markup.
 */
public final class Markdown {
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)");

  private Markdown() {}

  /** The HTML of {@code markdown}. */
  public static String toHtml(String markdown) {
    List<String> lines = markdown.replace("\r\n", "\n").lines().toList();
    StringBuilder out = new StringBuilder();
    StringBuilder paragraph = new StringBuilder();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      String t = line.strip();
      if (t.startsWith("```")) {
        flush(paragraph, out);
        out.append("<pre><code>");
        i++;
        while (i < lines.size() && !lines.get(i).strip().startsWith("```")) out.append(escape(lines.get(i++))).append('\n');
        out.append("</code></pre>\n");
        i++;
        continue;
      }
      if (t.isEmpty()) {
        flush(paragraph, out);
        i++;
        continue;
      }
      Matcher h = Pattern.compile("^(#{1,6})\\s+(.*)$").matcher(t);
      if (h.matches()) {
        flush(paragraph, out);
        int level = h.group(1).length();
        out.append("<h").append(level).append('>').append(inline(h.group(2))).append("</h").append(level).append(">\n");
        i++;
        continue;
      }
      if (t.startsWith("|") && i + 1 < lines.size() && lines.get(i + 1).strip().matches("\\|?\\s*:?-{1,}:?\\s*(\\|\\s*:?-{1,}:?\\s*)*\\|?")) {
        flush(paragraph, out);
        out.append("<table class=\"sortable\">\n<thead><tr>");
        for (String c : cells(t)) out.append("<th>").append(inline(c)).append("</th>");
        out.append("</tr></thead>\n<tbody>\n");
        i += 2;
        while (i < lines.size() && lines.get(i).strip().startsWith("|")) {
          out.append("<tr>");
          for (String c : cells(lines.get(i).strip())) out.append("<td>").append(inline(c)).append("</td>");
          out.append("</tr>\n");
          i++;
        }
        out.append("</tbody></table>\n");
        continue;
      }
      if (t.matches("^([-*]|\\d+\\.)\\s+.*")) {
        flush(paragraph, out);
        boolean ordered = Character.isDigit(t.charAt(0));
        out.append(ordered ? "<ol>\n" : "<ul>\n");
        while (i < lines.size() && lines.get(i).strip().matches("^([-*]|\\d+\\.)\\s+.*")) {
          StringBuilder item = new StringBuilder(lines.get(i).strip().replaceFirst("^([-*]|\\d+\\.)\\s+", ""));
          i++;
          // Continuation lines of an item are indented.
          while (i < lines.size() && lines.get(i).startsWith("  ") && !lines.get(i).strip().isEmpty()
              && !lines.get(i).strip().matches("^([-*]|\\d+\\.)\\s+.*")) {
            item.append(' ').append(lines.get(i++).strip());
          }
          out.append("<li>").append(inline(item.toString())).append("</li>\n");
        }
        out.append(ordered ? "</ol>\n" : "</ul>\n");
        continue;
      }
      if (paragraph.length() > 0) paragraph.append(' ');
      paragraph.append(t);
      i++;
    }
    flush(paragraph, out);
    return out.toString();
  }

  private static void flush(StringBuilder paragraph, StringBuilder out) {
    if (paragraph.length() == 0) return;
    out.append("<p>").append(inline(paragraph.toString())).append("</p>\n");
    paragraph.setLength(0);
  }

  private static List<String> cells(String row) {
    String r = row.strip();
    if (r.startsWith("|")) r = r.substring(1);
    if (r.endsWith("|")) r = r.substring(0, r.length() - 1);
    return java.util.Arrays.stream(r.split("\\|", -1)).map(String::strip).toList();
  }

  /** Inline markup: code spans first (their text literal), then links, bold and italics on the escaped rest. */
  static String inline(String text) {
    StringBuilder out = new StringBuilder();
    String[] parts = text.split("`", -1);
    for (int k = 0; k < parts.length; k++) {
      boolean code = k % 2 == 1 && k < parts.length - 1;
      if (code) {
        out.append("<code>").append(escape(parts[k])).append("</code>");
        continue;
      }
      String s = k % 2 == 1 ? "`" + parts[k] : parts[k];
      s = escape(s);
      s = LINK.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
          "<a href=\"" + (m.group(2).matches("(?i)javascript:.*") ? "#" : m.group(2)) + "\">" + m.group(1) + "</a>"));
      s = s.replaceAll("\\*\\*([^*]+)\\*\\*", "<strong>$1</strong>");
      s = s.replaceAll("(?<![\\w*])\\*([^*\\s][^*]*)\\*(?![\\w*])", "<em>$1</em>");
      out.append(s);
    }
    return out.toString();
  }

  /** {@code text} with the five HTML special characters escaped. */
  public static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
  }
}
