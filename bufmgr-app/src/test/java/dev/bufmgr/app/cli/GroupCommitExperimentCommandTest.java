package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the quick experiment end to end through the CLI and checks its folder and its facts. */
class GroupCommitExperimentCommandTest {
  @TempDir Path dir;

  @Test
  void quickRunWritesTheResultsFolder() throws IOException {
    Path probe = dir.resolve("probe.txt");
    Files.writeString(probe, "# fake probe\n400\n500\n600\n2000\n");
    Path out = dir.resolve("gc");
    CliRun r = CliRun.of("experiment", "group-commit", "--quick", "--out", out.toString(), "--probe", probe.toString(),
        "--output", "jsonl", "--chart-format", "svg");
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "summary.md", "fixedpoint.png", "timer-sweep.png",
        "sqrt-timer.png", "open-loop.png", "fixedpoint.svg", "timer-sweep.svg", "sqrt-timer.svg", "open-loop.svg")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    assertEquals(rows, r.out().lines().toList());

    // The offline optimum is a lower bound for every online policy on the same arrivals.
    List<String> open = rows.stream().filter(l -> l.contains("\"section\":\"open-loop\"")).toList();
    assertEquals(5, open.size());
    for (String l : open) assertTrue(number(l, "ratioToOptimum") >= 1.0 - 1e-9, l);

    // T* = sqrt(2 F0 / lambda) < F0 exactly when lambda > lambda* = 2 / F0.
    List<String> sweep = rows.stream().filter(l -> l.contains("\"section\":\"timer-sweep\"")).toList();
    assertEquals(6, sweep.size()); // two devices (EBS and the probe) x three loads
    for (String l : sweep) {
      assertEquals(l.contains("\"aboveLambdaStar\":true"), l.contains("\"sqrtTimerBelowF0\":true"), l);
    }
    // The timer grid starts at t = 0 (greedy's own rule), so the best timer is never worse than greedy.
    for (String l : sweep) assertTrue(number(l, "greedyGapPct") >= 0, l);
    // The probe's median is 500 us: lambda* = 4000/s.
    assertTrue(rows.stream().anyMatch(l -> l.contains("this machine") && Math.abs(number(l, "lambdaStar") - 4000) < 1e-6));

    // commit_siblings = 5: four clients can never trigger the delay.
    String four = rows.stream().filter(l -> l.contains("\"section\":\"commit-delay\"") && l.contains("\"clients\":4,")).findFirst().orElseThrow();
    assertTrue(four.contains("\"identicalToGreedy\":true"), four);

    // Checkpoint bursts on the same device raise every policy's tail latency.
    List<String> shared = rows.stream().filter(l -> l.contains("\"section\":\"shared-device\"")).toList();
    assertEquals(6, shared.size());
    for (int i = 0; i < shared.size(); i += 2) {
      assertTrue(number(shared.get(i + 1), "latencyP99Ms") > number(shared.get(i), "latencyP99Ms") + 5, shared.get(i + 1));
    }
    // 5,000 pages, 360-byte change records: (360 + 8192) / 360 bytes per record.
    String fpi = rows.stream().filter(l -> l.contains("\"section\":\"full-page-images\"")).findFirst().orElseThrow();
    assertEquals(8552.0 / 360.0, number(fpi, "ratio"), 1e-9);

    String summary = Files.readString(out.resolve("summary.md"));
    // Each device's verdict counts the loads whose gap is within that load's noise, as the rows say.
    for (String device : List.of("fixed:f0=900us", "empirical:file=" + probe)) {
      List<String> mine = sweep.stream().filter(l -> l.contains("\"device\":\"" + device)).toList();
      long ties = mine.stream().filter(l -> Math.abs(number(l, "greedyGapPct")) <= number(l, "noisePct")).count();
      String verdict = ties == mine.size()
          ? "- `" + device + "`: greedy is within noise of the best timer at every load (" + mine.size() + " loads)."
          : "- `" + device + "`: greedy is within noise of the best timer at " + ties + " of " + mine.size() + " loads; outside it at";
      assertTrue(summary.contains(verdict), verdict + " in " + summary);
    }
    assertTrue(summary.contains("| ski-rental / optimum | 1.34x |"), summary);
    assertTrue(summary.contains("can never act with fewer than six clients"));
    assertTrue(summary.contains("--seed 1"));
  }

  @Test
  void aMissingProbeFileFailsWithoutWritingAnything() {
    Path out = dir.resolve("none");
    CliRun r = CliRun.of("experiment", "group-commit", "--quick", "--out", out.toString(), "--probe",
        dir.resolve("nope.txt").toString());
    assertEquals(2, r.status());
    assertEquals(1, r.errorLines().lines().count(), r.err());
    assertFalse(Files.exists(out));
  }

  private static double number(String jsonLine, String field) {
    int i = jsonLine.indexOf("\"" + field + "\":") + field.length() + 3;
    int j = i;
    while (j < jsonLine.length() && ",}".indexOf(jsonLine.charAt(j)) < 0) j++;
    return Double.parseDouble(jsonLine.substring(i, j));
  }
}
