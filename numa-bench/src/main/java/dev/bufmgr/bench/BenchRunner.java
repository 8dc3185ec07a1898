package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.ForkFlags;

import dev.bufmgr.bench.placement.Topology;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * The main class of {@code benchmarks.jar}: JMH with this project's defaults. It takes every plain
 * JMH option ({@code EvictionBenchmark -t 2 -rf json -rff results.json}, {@code -l}, {@code -h},
 * {@code -prof gc}, ...), prints the host's topology first, writes a JSON result file named after
 * the configuration unless told otherwise, passes the fork flags of {@link ForkFlags} to every
 * fork, and ends with a summary table ({@link ResultSummary}).
 *
 * <p>Exit status: 0 on success, 1 when a benchmark fails or none matches, 2 for a bad option.
 */
public final class BenchRunner {
  private BenchRunner() {}

  /** Runs JMH as described in the class comment. */
  public static void main(String[] args) throws IOException {
    CommandLineOptions cmd;
    try {
      cmd = new CommandLineOptions(args);
    } catch (CommandLineOptionException e) {
      System.err.println("bad benchmark option: " + e.getMessage());
      System.exit(2);
      return;
    }
    if (cmd.shouldHelp()) {
      cmd.showHelp();
      return;
    }
    if (cmd.shouldList()) {
      new Runner(cmd).list();
      return;
    }
    if (cmd.shouldListWithParams()) {
      new Runner(cmd).listWithParams(cmd);
      return;
    }
    if (cmd.shouldListProfilers()) {
      cmd.listProfilers();
      return;
    }
    if (cmd.shouldListResultFormats()) {
      cmd.listResultFormats();
      return;
    }
    System.out.println("# bufmgr numa-bench on " + Topology.detect().describe() + ", JDK " + Runtime.version());
    var options = RunOptions.build(args, cmd, Instant.now());
    if (RunOptions.usesDefaultResultFile(cmd)) Files.createDirectories(RunOptions.RESULTS_DIR);
    try {
      Collection<RunResult> results = new Runner(options).run();
      ResultSummary.print(results, System.out);
      System.out.println("# results: " + options.getResult().orElse("jmh-result") + " (" + options.getResultFormat().orElse(null) + ")");
    } catch (NoBenchmarksException e) {
      System.err.println("no benchmark matches " + cmd.getIncludes() + " (list them with -l)");
      System.exit(1);
    } catch (RunnerException e) {
      System.err.println("benchmark run failed: " + e.getMessage());
      e.printStackTrace(System.err);
      System.exit(1);
    }
  }
}
