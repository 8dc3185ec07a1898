package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/pipeline-kill-cycles 2}: two real-clock runs killed with SIGKILL at random
 * moments, each recovered by {@code pipeline-recover}, lose no acknowledged transaction. bufmgr
 * runs from this test's class path (the script splits the command at spaces, so the path must
 * hold none).
 */
class PipelineKillCyclesTest {
  @TempDir Path dir;

  @Test
  void twoKillCyclesLoseNothing() throws Exception {
    Path script = Path.of("..", "scripts", "pipeline-kill-cycles").toAbsolutePath().normalize();
    String classPath = System.getProperty("java.class.path");
    assertTrue(!classPath.contains(" "), "a class path without spaces");
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder pb = new ProcessBuilder(List.of(script.toString(), "2", dir.resolve("cycles").toString()))
        .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
    pb.environment().put("BUFMGR", java + " -XX:TieredStopAtLevel=1 -Xmx256m -cp " + classPath + " dev.bufmgr.app.cli.BufmgrCommand");
    pb.environment().put("KILL_MAX_MS", "1000");
    pb.environment().put("SEED", "2026");
    pb.environment().put("PIPELINE_ARGS", "--workload tpcb:scale=0.05 --frames 64 --checkpoint-every 200ms --seconds 600");
    Process p = pb.start();
    int status = p.waitFor();
    String out = Files.readString(dir.resolve("out.txt"));
    assertEquals(0, status, out);
    assertEquals(2, out.lines().filter(l -> l.matches("cycle [12]: killed .*: lost 0, unrecoverable 0")).count(), out);
    assertTrue(out.matches("(?s).*cycles: 2, acknowledged transactions checked: \\d+, lost: 0, pages unrecoverable: 0, recoveries failed: 0\n"), out);
  }
}
