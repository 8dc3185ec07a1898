package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupted run (SIGTERM, as a terminal's Ctrl-C or a job scheduler sends) leaves nothing
 * behind: the program runs in a child JVM converting a trace it reads from a named pipe, is
 * stopped while its hidden temporary file exists and the pipe is still open, and the folder must
 * then hold nothing but the pipe.
 */
class InterruptLeavesNoFileTest {
  @TempDir Path dir;

  @Test
  void aConvertStoppedMidwayLeavesNoPartialFile() throws Exception {
    Path fifo = dir.resolve("trace.lirs");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo");
    Path log = Files.createTempFile("bufmgr-interrupt", ".log");
    String java = ProcessHandle.current().info().command().orElseThrow();
    Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), BufmgrCommand.class.getName(),
        "convert", "--trace", fifo.toString(), "--format", "lirs", "--out", dir.resolve("t.bft").toString()))
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    try (OutputStream writer = Files.newOutputStream(fifo)) {
      writer.write("1\n2\n3\n".getBytes(StandardCharsets.US_ASCII));
      writer.flush();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (partials() == 0 && p.isAlive() && System.nanoTime() < deadline) Thread.sleep(20);
      assertTrue(p.isAlive(), "the conversion ended early: " + Files.readString(log));
      assertEquals(1, partials(), "a hidden temporary file while the conversion runs");
      p.destroy();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the child did not stop");
    } catch (IOException brokenPipe) {
      // The child closed the pipe while stopping.
    } finally {
      p.destroyForcibly();
      Files.deleteIfExists(log);
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(fifo), left.toList());
    }
  }

  private long partials() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".partial")).count();
    }
  }
}
