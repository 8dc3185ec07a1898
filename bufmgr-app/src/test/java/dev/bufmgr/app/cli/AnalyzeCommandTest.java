package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bufmgr analyze}: the facts of a hand-made trace, its files, and one line with exit status 2 for bad input. */
class AnalyzeCommandTest {
  @TempDir Path dir;

  @Test
  void writesTheFactsAndTwoChartsPerTrace() throws IOException {
    // Pages 1 2 3 1 2 9: footprint 4, 9 and 3 once; re-references of 1 and 2 each at distance 2.
    Path t = Files.writeString(dir.resolve("hand.trace"), "1\n2\n3\n1\n2\n9\n");
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("analyze", t.toString(), "--out", out.toString(), "--chart-format", "svg");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("hand\\.trace +6 +4 +50\\.0 +66\\.7 +2 +2 +2 +2 +2 +2 +- +- +- .*")), r.out());
    String json = Files.readString(out.resolve("facts.json"));
    assertTrue(json.startsWith("[\n  {\"trace\":\"" + t + "\",\"format\":\"lirs\""), json);
    assertTrue(json.contains("\"requests\":6,\"footprint\":4,\"oneHitWonders\":0.5,"), json);
    assertTrue(json.contains("\"reuseP50\":2.0,") && json.contains("\"zipfAlpha\":null") && json.contains("\"writeShare\":null"), json);
    for (String f : new String[] {"facts.csv", "popularity-hand.trace.png", "reuse-hand.trace.png", "popularity-hand.trace.svg",
        "reuse-hand.trace.svg"}) {
      assertTrue(Files.isRegularFile(out.resolve(f)), f);
    }
  }

  @Test
  void badInputIsOneLineAndStatusTwo() throws IOException {
    Path out = dir.resolve("out");
    assertOneLine(CliRun.of("analyze", dir.resolve("missing.trace").toString(), "--out", out.toString()), dir.resolve("missing.trace") + ":");
    Path csv = Files.writeString(dir.resolve("x.trace"), "1\n2\n");
    assertOneLine(CliRun.of("analyze", csv.toString(), "--format", "nosuch", "--out", out.toString()), "--format");
    Path bad = Files.writeString(dir.resolve("bad.trace"), "1\n2\nthree\n");
    assertOneLine(CliRun.of("analyze", bad.toString(), "--out", out.toString()), bad.toString());
    assertFalse(Files.exists(out), "nothing written on bad input");
  }

  private static void assertOneLine(CliRun r, String start) {
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.errorLines().lines().count(), r.err());
    assertTrue(r.errorLines().startsWith("bufmgr: " + start), r.err());
  }
}
