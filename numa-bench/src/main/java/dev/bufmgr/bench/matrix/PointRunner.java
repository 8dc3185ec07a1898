package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.EvictionBenchmark;
import dev.bufmgr.bench.LatencyLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs one matrix point through JMH in forked JVMs with the fork flags, the point's parameters and
 * threads, and collects its results, the per-thread latency logs its forks wrote, JMH's own log
 * and its wall time.
 */
final class PointRunner {
  private final List<String> forkFlags;
  private final Path scratch;

  /**
   * @param forkFlags the JVM flags of every fork
   * @param scratch an empty folder for the forks' logs (removed by the caller)
   */
  PointRunner(List<String> forkFlags, Path scratch) {
    this.forkFlags = forkFlags;
    this.scratch = scratch;
  }

  /** What one point produced. */
  record Outcome(Collection<RunResult> results, List<LatencyLog.Tagged> latency, String log, double wallSeconds) {}

  Outcome run(Point point, JmhSettings s, int index) throws RunnerException, IOException {
    Path latencyDir = Files.createDirectories(scratch.resolve("latency-" + index));
    Path log = scratch.resolve("jmh-" + index + ".log");
    List<String> flags = new ArrayList<>(forkFlags);
    flags.add("-D" + EvictionBenchmark.LATENCY_DIR_PROPERTY + "=" + latencyDir.toAbsolutePath());
    ChainedOptionsBuilder b = new OptionsBuilder()
        .include("^" + Pattern.quote(point.benchmark()) + "\\.")
        .threads(point.threads())
        .forks(s.forks())
        .warmupIterations(s.warmupIterations())
        .warmupTime(time(s.warmupSeconds()))
        .measurementIterations(s.iterations())
        .measurementTime(time(s.iterationSeconds()))
        .jvmArgsAppend(flags.toArray(String[]::new))
        .shouldFailOnError(true)
        .output(log.toString());
    point.params().forEach(b::param);
    long start = System.nanoTime();
    Collection<RunResult> results = new Runner(b.build()).run();
    double wall = (System.nanoTime() - start) / 1e9;
    List<LatencyLog.Tagged> latency = new ArrayList<>();
    try (Stream<Path> files = Files.list(latencyDir)) {
      for (Path f : files.sorted().toList()) latency.addAll(LatencyLog.read(f));
    }
    return new Outcome(results, latency, Files.readString(log), wall);
  }

  private static TimeValue time(double seconds) {
    return new TimeValue(Math.max(1, Math.round(seconds * 1000)), TimeUnit.MILLISECONDS);
  }
}
