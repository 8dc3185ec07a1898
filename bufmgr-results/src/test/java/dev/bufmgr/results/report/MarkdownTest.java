package dev.bufmgr.results.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The summary's Markdown as HTML; expected strings written by hand from CommonMark's output for the same input. */
class MarkdownTest {
  @Test
  void headingsParagraphsListsTablesAndCode() {
    String md = "# Title\n\nSome `a<b` and **bold**,\nand [a link](x.png).\n\n- one\n- two\n\n| k | v |\n|---|---:|\n| a | 1 |\n\n```\nx < y\n```\n";
    assertEquals("<h1>Title</h1>\n"
        + "<p>Some <code>a&lt;b</code> and <strong>bold</strong>, and <a href=\"x.png\">a link</a>.</p>\n"
        + "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
        + "<table class=\"sortable\">\n<thead><tr><th>k</th><th>v</th></tr></thead>\n<tbody>\n<tr><td>a</td><td>1</td></tr>\n</tbody></table>\n"
        + "<pre><code>x &lt; y\n</code></pre>\n", Markdown.toHtml(md));
  }

  @Test
  void markupInTheTextIsEscaped() {
    assertEquals("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n", Markdown.toHtml("<script>alert(1)</script>"));
  }
}
