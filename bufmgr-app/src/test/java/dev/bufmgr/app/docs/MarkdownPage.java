package dev.bufmgr.app.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown page read the way GitHub renders it, as far as the documentation check needs: the
 * links outside code, the anchors its headings get, and the shell commands of its {@code bash} and
 * {@code sh} fenced blocks.
 */
record MarkdownPage(List<String> lines) {
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

  /** A link's target and the 1-based line it is on. */
  record Link(int line, String target) {}

  /** One command of a fenced shell block (continuation lines joined) and the line it starts on. */
  record CodeLine(int line, String command) {}

  static MarkdownPage read(Path page) throws IOException {
    return new MarkdownPage(Files.readAllLines(page));
  }

  List<Link> links() {
    List<Link> links = new ArrayList<>();
    forEachProseLine((n, line) -> {
      Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
      while (m.find()) links.add(new Link(n, m.group(1)));
    });
    return links;
  }

  /**
   * The anchors of the page's headings as GitHub makes them: lower case, every character but
   * letters, digits, spaces, hyphens and underscores dropped, spaces turned into hyphens, and a
   * repeated anchor given {@code -1}, {@code -2}, ... in order.
   */
  Set<String> anchors() {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    forEachProseLine((n, line) -> {
      Matcher m = HEADING.matcher(line);
      if (!m.matches()) return;
      String slug = m.group(1).toLowerCase().replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
      int count = seen.merge(slug, 1, Integer::sum);
      anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
    });
    return anchors;
  }

  /**
   * The commands of the page's {@code bash}/{@code sh} blocks: continuation lines joined,
   * comments dropped, and a line of several commands ({@code &&}, {@code ||}, {@code ;},
   * {@code |}) split into each.
   */
  List<CodeLine> shellCommands() {
    List<CodeLine> commands = new ArrayList<>();
    boolean inShell = false;
    boolean inFence = false;
    StringBuilder pending = null;
    int pendingLine = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        inFence = !inFence;
        String info = line.substring(3).trim();
        inShell = inFence && (info.equals("bash") || info.equals("sh"));
        continue;
      }
      if (!inShell) continue;
      String text = withoutComment(line).strip();
      if (pending == null) {
        if (text.isEmpty()) continue;
        pending = new StringBuilder();
        pendingLine = i + 1;
      }
      boolean continues = text.endsWith("\\");
      pending.append(continues ? text.substring(0, text.length() - 1) : text).append(' ');
      if (!continues) {
        for (String part : pending.toString().split("&&|\\|\\||;|\\s\\|\\s")) {
          if (!part.isBlank()) commands.add(new CodeLine(pendingLine, part.strip().replaceAll("\\s+", " ")));
        }
        pending = null;
      }
    }
    return commands;
  }

  private static String withoutComment(String line) {
    boolean single = false;
    boolean dbl = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }

  private interface LineVisitor {
    void visit(int lineNumber, String line);
  }

  private void forEachProseLine(LineVisitor visitor) {
    boolean inFence = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        inFence = !inFence;
        continue;
      }
      if (!inFence) visitor.visit(i + 1, line);
    }
  }
}
