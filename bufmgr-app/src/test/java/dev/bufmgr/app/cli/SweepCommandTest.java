package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.SweepRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bufmgr sweep} from the command line: a sweep of two traces, a trace that cannot be read
 * (exit 1, named), and bad input refused in one line with exit 2 and nothing left behind.
 */
class SweepCommandTest {
  @TempDir Path dir;

  private Path traces() throws IOException {
    Path t = dir.resolve("traces/ds");
    Files.createDirectories(t);
    StringBuilder a = new StringBuilder();
    for (int i = 0; i < 4000; i++) a.append(i * 7 % 900).append('\n');
    Files.writeString(t.resolve("a.trace"), a);
    Files.writeString(t.resolve("b.trace"), a.reverse().toString().strip() + "\n");
    return dir.resolve("traces");
  }

  @Test
  void aSweepWritesOneRowPerConfigurationAndSaysWhere() throws IOException {
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", "--traces", traces().toString(), "--policy", "lru", "--policy", "sieve", "--sizes", "0.1,0.5,50",
        "--out", out.toString(), "--quiet");
    assertEquals(0, r.status(), r.err());
    List<SweepRow> rows = Files.readAllLines(out.resolve("results.jsonl")).stream().map(SweepRow::fromJson).toList();
    assertEquals(2 * 2 * 3, rows.size());
    assertTrue(rows.stream().allMatch(SweepRow::ok));
    assertTrue(r.out().contains("rows: 12 replayed"), r.out());
    assertTrue(r.out().contains(out.resolve("results.jsonl").toString()), r.out());
  }

  @Test
  void aTraceThatCannotBeReadIsNamedAndTheExitStatusIsOne() throws IOException {
    Path t = traces();
    Files.write(t.resolve("ds/zzz.trace"), new byte[] {0, 1, 2, 3});
    CliRun r = CliRun.of("sweep", "--traces", t.toString(), "--policy", "lru", "--sizes", "0.5", "--out", dir.resolve("out").toString(),
        "--quiet");
    assertEquals(1, r.status(), r.err());
    assertTrue(r.out().contains("failed: " + t.resolve("ds/zzz.trace")), r.out());
    assertTrue(r.err().contains("1 of 3 tasks failed"), r.err());
  }

  /** Runs {@code args}, asserts the refusal (see {@link CliRun#refused}) and that its line names {@code mention}. */
  private void refused(String mention, String... args) throws IOException {
    String line = CliRun.refused(dir, args);
    assertTrue(line.contains(mention), line);
  }

  @Test
  void badInputIsRefusedInOneLineWithNothingLeftBehind() throws IOException {
    String t = traces().toString();
    String out = dir.resolve("out").toString();
    Files.createDirectories(dir.resolve("empty"));
    refused("no trace files found", "sweep", "--traces", dir.resolve("empty").toString(), "--policy", "lru", "--out", out);
    refused("no such file", "sweep", "--traces", dir.resolve("nope").toString(), "--policy", "lru", "--out", out);
    refused("unknown policy 'nope'", "sweep", "--traces", t, "--policy", "nope", "--out", out);
    refused("--sizes 0: frames must be at least 1", "sweep", "--traces", t, "--policy", "lru", "--sizes", "0", "--out", out);
    refused("--sizes 1.5: a fraction", "sweep", "--traces", t, "--policy", "lru", "--sizes", "1.5", "--out", out);
    refused("--engine nope: unknown", "sweep", "--traces", t, "--policy", "lru", "--engine", "nope", "--out", out);
    refused("given twice", "sweep", "--traces", t, "--policy", "lru", "--policy", "lru", "--out", out);
    refused("--jobs 0", "sweep", "--traces", t, "--policy", "lru", "--jobs", "0", "--out", dir.resolve("out2").toString());
    refused("@/dev/zero: not a regular file", "sweep", "--traces", "@/dev/zero", "--policy", "lru", "--out", out);
    Path nul = Files.write(dir.resolve("nul.txt"), new byte[] {'a', 0, 'b', '\n'});
    refused("not a text file", "sweep", "--traces", "@" + nul, "--policy", "lru", "--out", out);
  }

  @Test
  void aListFileNamesTracesAndTheirDatasets() throws IOException {
    Path t = traces();
    Path list = Files.writeString(dir.resolve("list.txt"), "# two traces\n" + t.resolve("ds/a.trace") + "\tmine\nds/b.trace\n");
    Files.createDirectories(dir.resolve("ds"));
    Files.copy(t.resolve("ds/b.trace"), dir.resolve("ds/b.trace"));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", "--traces", "@" + list, "--policy", "lru", "--sizes", "0.5", "--out", out.toString(), "--quiet");
    assertEquals(0, r.status(), r.err());
    List<SweepRow> rows = Files.readAllLines(out.resolve("results.jsonl")).stream().map(SweepRow::fromJson).toList();
    assertEquals(List.of("mine", "ds"), rows.stream().map(SweepRow::dataset).toList());
  }

  @Test
  void anotherSweepsFolderIsRefusedAndTheSameSweepResumes() throws IOException {
    String t = traces().toString();
    Path out = dir.resolve("out");
    assertEquals(0, CliRun.of("sweep", "--traces", t, "--policy", "lru", "--sizes", "0.5", "--out", out.toString(), "--quiet").status());
    refused("holds the results of another sweep", "sweep", "--traces", t, "--policy", "sieve", "--sizes", "0.5", "--out", out.toString());
    CliRun again = CliRun.of("sweep", "--traces", t, "--policy", "lru", "--sizes", "0.5", "--out", out.toString());
    assertEquals(0, again.status(), again.err());
    assertTrue(again.err().contains("2 of 2 tasks already done there, skipped"), again.err());
  }
}
