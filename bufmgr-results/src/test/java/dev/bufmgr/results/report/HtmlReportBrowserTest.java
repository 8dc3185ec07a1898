package dev.bufmgr.results.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.plot.LineChart;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results folder's index.html as a browser shows it: headless Chromium (Debian's chromium
 * package; the test is skipped, saying so, when no chromium binary is found) loads the page from
 * the folder and dumps the DOM after the load event, where the page's status line says how many
 * charts loaded (naturalWidth above 0) and whether any script error occurred; Chromium's own log
 * of the page's console must hold no error. The peer check: with one chart file removed, the
 * same page reports it broken.
 */
class HtmlReportBrowserTest {
  private static final Pattern STATUS = Pattern.compile("id=\"bufmgr-status\">([^<]*)<");

  @TempDir Path dir;

  @Test
  void thePageLoadsWithEveryChartAndWithoutErrors() throws Exception {
    Path chromium = chromium();
    Assumptions.assumeTrue(chromium != null, "no chromium binary on PATH (apt-get install -y chromium): browser test skipped");
    Path out = dir.resolve("run");
    report().writeTo(out);
    assertTrue(Files.isRegularFile(out.resolve("lines.svg")), "the vector chart beside the PNG");
    assertTrue(ResultsFolder.manifestOf(out).contains("index.html"), "index.html is the folder's own file");

    Browser ok = load(chromium, out.resolve("index.html"));
    assertEquals("ok: 2 of 2 charts loaded", ok.status, ok.log);
    assertTrue(ok.consoleErrors.isEmpty(), "console: " + ok.consoleErrors);
    assertTrue(ok.dom.contains("<td>gclock:maxUsage=3</td>"), "the results table");
    assertTrue(ok.dom.contains("<h1>lab</h1>") && ok.dom.contains("<th>frames</th>"), "the summary rendered");

    Files.delete(out.resolve("bars.png"));
    Browser broken = load(chromium, out.resolve("index.html"));
    assertEquals("broken: 1 of 2 charts loaded; not loaded: bars.png", broken.status.replaceAll("; error: .*", ""), broken.log);
  }

  private static ExperimentReport report() {
    ExperimentReport r = new ExperimentReport();
    r.row(new ResultRow().put("policy", "gclock:maxUsage=3").put("frames", 100).put("hitRatio", 0.5));
    r.row(new ResultRow().put("policy", "lru").put("frames", 100).put("hitRatio", 0.4));
    r.chart("lines.png", LineChart.of("Hit ratio", "frames", "hit ratio")
        .series("lru", new double[] {1, 2, 3}, new double[] {0.1, 0.2, 0.3}));
    r.chart("bars.png", BarChart.of("Bars", "n", List.of("a", "b")).series(Map.of("lru", List.of(1.0, 2.0))));
    r.chartFormats(EnumSet.of(ChartFormat.SVG));
    r.summary("# lab\n\nA *check*.\n\n| frames | lru |\n|---:|---:|\n| 100 | 0.4 |\n");
    return r;
  }

  private record Browser(String dom, String status, List<String> consoleErrors, String log) {}

  private Browser load(Path chromium, Path page) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(dir, "profile");
    Path stdout = dir.resolve("dom.html");
    Path stderr = dir.resolve("chromium.log");
    Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
        "--dump-dom", page.toUri().toString())
        .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 60 s; its log: " + Files.readString(stderr));
    }
    String dom = Files.readString(stdout, StandardCharsets.UTF_8);
    String log = Files.readString(stderr, StandardCharsets.UTF_8);
    Matcher m = STATUS.matcher(dom);
    String status = m.find() ? m.group(1) : "no status line in the DOM (exit " + p.exitValue() + ")";
    List<String> errors = new ArrayList<>();
    for (String line : log.lines().toList()) {
      if (line.contains(":CONSOLE") && (line.contains("Uncaught") || line.contains("ERROR:CONSOLE"))) errors.add(line);
    }
    return new Browser(dom, status, errors, log);
  }

  /** The chromium binary on PATH, or null. */
  private static Path chromium() {
    String path = System.getenv("PATH");
    if (path == null) return null;
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String d : path.split(File.pathSeparator)) {
        Path c = Path.of(d, name);
        if (Files.isExecutable(c)) return c;
      }
    }
    return null;
  }
}
