package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the program in-process, built as {@link BufmgrCommand#execute} builds it (with only the
 * named subcommand when there is one), and captures its exit status, stdout and stderr.
 */
record CliRun(int status, String out, String err) {

  static synchronized CliRun of(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    int status;
    try {
      status = BufmgrCommand.commandLine(args.length > 0 ? args[0] : null).execute(args);
    } finally {
      System.out.flush();
      System.err.flush();
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new CliRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The lines of stderr that are not progress lines. */
  String errorLines() {
    return err.lines().filter(l -> !l.startsWith("bufmgr: [") && !l.startsWith("bufmgr: workload")).reduce("", (a, b) -> a + b + "\n");
  }

  /**
   * Runs {@code args}, asserts a refusal (exit status 2, exactly one line on stderr starting
   * {@code bufmgr: }, nothing on stdout, nothing made or removed under {@code dir}) and returns the line.
   */
  static String refused(Path dir, String... args) throws IOException {
    Set<Path> before = contents(dir);
    CliRun r = of(args);
    String what = String.join(" ", args);
    assertEquals(2, r.status(), what + " -> " + r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), what + " -> " + r.err());
    assertTrue(lines.getFirst().startsWith("bufmgr: "), lines.getFirst());
    assertEquals("", r.out(), what);
    assertEquals(before, contents(dir), what + ": files left behind");
    return lines.getFirst();
  }

  private static Set<Path> contents(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.collect(Collectors.toSet());
    }
  }
}
