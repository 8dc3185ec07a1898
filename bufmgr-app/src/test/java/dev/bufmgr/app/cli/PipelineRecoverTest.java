package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.store.LogLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bufmgr pipeline-recover} on real-clock runs: a clean run, a child JVM refused while it
 * runs and then killed with SIGKILL, and a log that lost the tail holding an acknowledged commit. The expected outcome comes
 * from the contract (an acknowledged transaction survives any crash), and the lost transaction is
 * named from the run's own acks file, not from recovery.
 */
class PipelineRecoverTest {
  private static final String NOTHING_LOST = "acknowledged transactions lost: 0, pages unrecoverable: 0";
  @TempDir Path dir;

  @Test
  void aCleanRunRecoversWithNothingLostAndASecondRecoveryRepairsNothing() throws IOException {
    Path run = cleanRun();
    CliRun r = CliRun.of("pipeline-recover", run.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains(NOTHING_LOST), r.out());
    assertTrue(r.out().matches("(?s).*acknowledged transactions checked: [1-9].*"), r.out());
    CliRun again = CliRun.of("pipeline-recover", run.toString());
    assertEquals(0, again.status(), again.out() + again.err());
    assertTrue(again.out().contains("pages repaired: 0 "), again.out());
    assertFalse(again.out().contains("stale lock"), "a clean close leaves no stale lock: " + again.out());
  }

  @Test
  void aKilledRunRecoversEveryAcknowledgedTransaction() throws Exception {
    Path disk = dir.resolve("disk");
    Path run = disk.resolve("run-1");
    List<String> cmd = java();
    cmd.addAll(List.of("pipeline", "--clock", "real", "--device", "file:" + disk, "--workload", "tpcb:scale=0.05", "--frames", "64",
        "--clients", "4", "--seconds", "120", "--interval", "100ms", "--checkpoint-every", "200ms", "--quiet"));
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.out").toFile()).start();
    try {
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (child.isAlive() && System.nanoTime() < deadline && (lines(run.resolve("acks")) < 200 || lines(run.resolve("series.jsonl")) < 3)) {
        Thread.sleep(10);
      }
      assertTrue(child.isAlive(), "the run died before the kill: " + Files.readString(dir.resolve("child.out")));
      CliRun refused = CliRun.of("pipeline-recover", run.toString());
      assertEquals(2, refused.status(), refused.out() + refused.err());
      assertEquals(1, refused.err().strip().lines().count(), refused.err());
      assertTrue(refused.err().startsWith("bufmgr: " + run + " is open for writing by another writer (pid " + child.pid() + " "),
          refused.err());
    } finally {
      child.destroyForcibly();
      child.waitFor();
    }
    assertTrue(lines(run.resolve("series.jsonl")) >= 3, "the killed run kept its time series");
    CliRun r = CliRun.of("pipeline-recover", run.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains(run + ": took over the stale lock of a writer that died (pid " + child.pid() + " "), r.out());
    assertTrue(r.out().contains(NOTHING_LOST), r.out());
  }

  @Test
  void anAcknowledgedCommitCutFromTheLogIsReportedLost() throws IOException {
    Path run = cleanRun();
    String last = "";
    long lastLsn = 0;
    for (String line : Files.readAllLines(run.resolve("acks"))) {
      long lsn = Long.parseLong(line.split(" ")[1]);
      if (lsn > lastLsn) {
        lastLsn = lsn;
        last = line.split(" ")[0];
      }
    }
    LogLayout layout = new LogLayout(LogLayout.DEFAULT_SEGMENT);
    long page = LogLayout.pageOf(lastLsn - 1);
    Path segment = run.resolve(LogLayout.segmentName(layout.segmentOfPage(page)));
    try (RandomAccessFile f = new RandomAccessFile(segment.toFile(), "rw")) {
      long from = layout.offsetOfPage(page);
      f.seek(from);
      f.write(new byte[(int) (f.length() - from)]);
    }
    CliRun r = CliRun.of("pipeline-recover", run.toString());
    assertEquals(2, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("lost: transaction " + last + ": its commit record ending at " + lastLsn + " is not in the log"), r.out());
    assertTrue(r.err().contains("acknowledged transactions lost"), r.err());
  }

  /**
   * A run's folder is a data directory: refused while not recovered, continued after {@code
   * pipeline-recover} (its log and data file kept, its records appended to, no new folder), and
   * refused again once the continued run wrote to it, until recovered again; that recovery checks
   * the transactions of both runs.
   */
  @Test
  void aRecoveredRunIsContinuedInItsOwnFolder() throws IOException {
    Path run = cleanRun();
    Path disk = run.getParent();
    String[] again = {"pipeline", "--clock", "real", "--device", "file:" + disk, "--workload", "tpcb:scale=0.05", "--frames", "64",
        "--clients", "2", "--transactions", "300", "--quiet"};
    CliRun refused = CliRun.of(again);
    assertEquals(2, refused.status(), refused.err());
    assertEquals(1, refused.err().strip().lines().count(), refused.err());
    assertTrue(refused.err().contains("was not recovered: run `bufmgr pipeline-recover " + run + "` to continue it"), refused.err());
    assertEquals(0, CliRun.of("pipeline-recover", run.toString()).status());
    long acks = lines(run.resolve("acks"));
    long series = lines(run.resolve("series.jsonl"));
    CliRun continued = CliRun.of(again);
    assertEquals(0, continued.status(), continued.err());
    assertFalse(Files.exists(disk.resolve("run-2")), "the run continued in run-1");
    assertEquals(acks + 300, lines(run.resolve("acks")), "the continued run's transactions appended");
    assertTrue(lines(run.resolve("series.jsonl")) > series, "its interval rows appended");
    List<String> ids = Files.readAllLines(run.resolve("acks")).stream().map(l -> l.split(" ")[0]).toList();
    assertEquals(ids.size(), ids.stream().distinct().count(), "commit ids are not reused");
    CliRun grew = CliRun.of(again);
    assertEquals(2, grew.status(), grew.err());
    assertTrue(grew.err().contains("the log grew after its recovery"), grew.err());
    CliRun r = CliRun.of("pipeline-recover", run.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("acknowledged transactions checked: " + (acks + 300) + " "), r.out());
    assertTrue(r.out().contains(NOTHING_LOST), r.out());
  }

  private Path cleanRun() {
    Path disk = dir.resolve("clean");
    CliRun p = CliRun.of("pipeline", "--clock", "real", "--device", "file:" + disk, "--workload", "tpcb:scale=0.05", "--frames", "64",
        "--clients", "2", "--seconds", "1", "--checkpoint-every", "300ms", "--quiet");
    assertEquals(0, p.status(), p.err());
    return disk.resolve("run-1");
  }

  private static long lines(Path p) throws IOException {
    if (!Files.exists(p)) return 0;
    try (var s = Files.lines(p)) {
      return s.count();
    }
  }

  private static List<String> java() {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-Xmx256m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("dev.bufmgr.app.cli.BufmgrCommand");
    return cmd;
  }
}
