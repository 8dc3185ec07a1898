package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.ForkFlags;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;

class RunOptionsTest {
  private static final Instant NOW = Instant.parse("2026-11-29T21:45:00Z");

  @Test
  void defaultsToJsonInResultsNamedAfterTheConfiguration() throws CommandLineOptionException {
    String[] args = {"EvictionBenchmark", "-t", "2", "-p", "selector=gclock:batch=64"};

    Options o = RunOptions.build(args, new CommandLineOptions(args), NOW);

    assertEquals(ResultFormatType.JSON, o.getResultFormat().get());
    assertEquals(
        "results/jmh-EvictionBenchmark-t2-selector=gclock_batch=64-20261129T214500Z.json", o.getResult().get());
  }

  @Test
  void namesAllBenchmarksAndMaxThreads() throws CommandLineOptionException {
    String[] args = {"-t", "max", "-rf", "csv"};

    Options o = RunOptions.build(args, new CommandLineOptions(args), NOW);

    assertEquals(ResultFormatType.CSV, o.getResultFormat().get());
    assertEquals("results/jmh-all-tmax-20261129T214500Z.csv", o.getResult().get());
  }

  @Test
  void keepsTheUsersResultFileAndFormat() throws CommandLineOptionException {
    String[] args = {"HitPathBenchmark", "-rf", "json", "-rff", "out.json"};
    CommandLineOptions cmd = new CommandLineOptions(args);

    Options o = RunOptions.build(args, cmd, NOW);

    assertEquals("out.json", o.getResult().get());
    assertEquals(false, RunOptions.usesDefaultResultFile(cmd));
  }

  @Test
  void appendsTheForkFlagsAfterTheUsersOwnOnce() throws CommandLineOptionException {
    String[] args = {"-jvmArgsAppend", "-Xmx1g " + ForkFlags.NATIVE_ACCESS};

    Options o = RunOptions.build(args, new CommandLineOptions(args), NOW);

    assertEquals(
        List.of("-Xmx1g", ForkFlags.NATIVE_ACCESS, ForkFlags.ADD_EXPORTS_MISC, ForkFlags.UNSAFE_ALLOW),
        List.copyOf(o.getJvmArgsAppend().get()));
  }

  @Test
  void sanitizeKeepsOnlyFileNameSafeCharacters() {
    assertEquals("a_b=c,d+e-f.g_h", RunOptions.sanitize("a/b=c,d+e-f.g h"));
  }
}
