package dev.bufmgr.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code bufmgr bench MATRIX ...}: the JMH benchmark matrix runner, numa-bench/run, a script of
 * the source tree that builds its own jar. The {@code ./bufmgr} launcher execs it before Java
 * starts; this command is its entry in {@code --help} and runs the same script when the program
 * is started otherwise, from the tree it was built in (found above the jar or the working folder).
 */
@Command(
    name = "bench",
    description = {
      "Run a benchmark matrix (JMH) within a time budget.",
      "Runs numa-bench/run MATRIX [--budget 30m] [--out DIR] [--threads 1,2,4] [--quick] [--chart-format FMT]; matrices: seed-thread,",
      "hands, selectors, hit-path, smoke. Needs the source tree (the script builds numa-bench's jar)."
    })
public final class BenchCommand implements java.util.concurrent.Callable<Integer> {
  static final String SCRIPT = "numa-bench/run";

  @Unmatched List<String> arguments = new ArrayList<>();

  @Override
  public Integer call() throws InterruptedException {
    Path script = find();
    if (script == null) {
      throw new CliFailure("bench: " + SCRIPT + " not found above the jar or the working folder; it is part of the "
          + "source tree: run ./bufmgr bench MATRIX from a clone of the repository");
    }
    List<String> command = new ArrayList<>(List.of(script.toString()));
    command.addAll(arguments);
    try {
      return new ProcessBuilder(command).inheritIO().start().waitFor();
    } catch (IOException e) {
      throw new CliFailure("bench: cannot run " + script + ": " + e.getMessage());
    }
  }

  /** numa-bench/run in the working folder or a folder above it, or above the jar. */
  static Path find() {
    List<Path> starts = new ArrayList<>(List.of(Path.of("").toAbsolutePath()));
    try {
      starts.add(Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      // No code source (an unusual class loader): the working folder alone is searched.
    }
    for (Path start : starts) {
      for (Path p = start; p != null; p = p.getParent()) {
        Path script = p.resolve(SCRIPT);
        if (Files.isRegularFile(script) && Files.isExecutable(script)) return script;
      }
    }
    return null;
  }
}
