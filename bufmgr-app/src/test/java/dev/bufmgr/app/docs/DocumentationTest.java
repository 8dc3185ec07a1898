package dev.bufmgr.app.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.app.cli.BufmgrCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation a newcomer reads stays true to the program: every relative link of the
 * README, {@code docs/} and {@code reports/} reaches a file (and, with a {@code #fragment}, one
 * of that page's headings), and every command in a fenced block of the README or a {@code docs/}
 * page starts with a command that exists, naming only flags its {@code --help} lists.
 */
final class DocumentationTest {
  private static final Path ROOT = repositoryRoot();

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : markdownPages()) {
      MarkdownPage md = MarkdownPage.read(page);
      for (MarkdownPage.Link link : md.links()) {
        String problem = problemWith(page, link.target());
        if (problem != null) broken.add(ROOT.relativize(page) + ":" + link.line() + ": " + link.target() + ": " + problem);
      }
    }
    assertEquals(List.of(), broken, "broken links");
  }

  @Test
  void everyDocumentedCommandExistsWithItsFlags() throws IOException {
    CommandCatalog catalog = CommandCatalog.of(BufmgrCommand.commandLine(), benchOptions(), ROOT);
    List<String> wrong = new ArrayList<>();
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    pages.addAll(pagesUnder(ROOT.resolve("docs")));
    int checked = 0;
    for (Path page : pages) {
      for (MarkdownPage.CodeLine code : MarkdownPage.read(page).shellCommands()) {
        checked++;
        String problem = catalog.problemWith(code.command());
        if (problem != null) wrong.add(ROOT.relativize(page) + ":" + code.line() + ": " + problem + ": " + code.command());
      }
    }
    assertEquals(List.of(), wrong, "documented commands the program does not have");
    assertTrue(checked >= 20, "only " + checked + " commands found in fenced blocks; is the parser still reading them?");
  }

  @Test
  void theReadmeIsShortAndItsFirstCommandIsTheMainJob() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    assertTrue(lines.size() <= 160, "README.md has " + lines.size() + " lines; detail belongs in docs/");
    List<MarkdownPage.CodeLine> commands = MarkdownPage.read(ROOT.resolve("README.md")).shellCommands();
    assertEquals("./bufmgr compare", commands.getFirst().command(), "the README's first command");
  }

  /** The flags of {@code ./bufmgr bench}, from the usage line at the top of the script it runs. */
  private static List<String> benchOptions() throws IOException {
    List<String> flags = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("numa-bench/run"))) {
      if (!line.startsWith("# numa-bench/run ")) continue;
      for (String word : line.split("[\\s\\[\\]|]+")) {
        if (word.startsWith("--")) flags.add(word);
      }
      return flags;
    }
    throw new AssertionError("numa-bench/run has no usage line '# numa-bench/run MATRIX [...]'");
  }

  private static String problemWith(Path page, String target) {
    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) return null; // http:, https:, mailto:
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String fragment = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!resolved.startsWith(ROOT)) return "points outside the repository";
    if (!Files.exists(resolved)) return "no such file";
    if (fragment == null || !resolved.toString().endsWith(".md")) return null;
    try {
      return MarkdownPage.read(resolved).anchors().contains(fragment) ? null : "no heading with anchor #" + fragment;
    } catch (IOException e) {
      return "unreadable: " + e.getMessage();
    }
  }

  private static List<Path> markdownPages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    pages.addAll(pagesUnder(ROOT.resolve("docs")));
    pages.addAll(pagesUnder(ROOT.resolve("reports")));
    return pages;
  }

  private static List<Path> pagesUnder(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) return List.of();
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
  }

  private static Path repositoryRoot() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve("mvnw"))) return p;
    }
    throw new IllegalStateException("no repository root above " + here);
  }
}
