package dev.bufmgr.app.cli;

import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.crash.CrashCheck;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr wal-crash-check}: power-loss testing of the durable log without a power switch
 * (see {@link CrashCheck}): seeded multi-client runs recorded in memory, every crash state of
 * every crash point checked. Fails (exit 2) naming the first state that recovery refused or that
 * lost an acknowledged commit.
 */
@Command(
    name = "wal-crash-check",
    mixinStandardHelpOptions = true,
    description = "Checks recovery against every file state a power loss could leave, over seeded multi-client runs.")
public final class WalCrashCheckCommand implements Runnable {
  private static final int MAX_COMMITS = 100_000;

  @Spec CommandSpec spec;

  @Option(names = "--runs", defaultValue = "3", description = "Recorded runs, each with its own seed (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--clients", defaultValue = "4", description = "Committing threads per run (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(names = "--commits", defaultValue = "180", description = "Commits per run, in two incarnations (default: ${DEFAULT-VALUE}).")
  int commits;

  @Option(names = "--stride", defaultValue = "1", description = "Check every N-th crash point (default: ${DEFAULT-VALUE}: all).")
  int stride;

  @Option(names = "--samples", defaultValue = "4", description = "Random states per crash point besides the systematic ones (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--segment-size", defaultValue = "64KiB", description = "Segment size (default: ${DEFAULT-VALUE}: runs cross segments).")
  String segmentSize;

  @Option(names = "--flush-mode", defaultValue = "leader", description = "leader or flusher (default: ${DEFAULT-VALUE}).")
  String flushMode;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the sampled states (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    if (runs < 1 || runs > 1000) throw new CliFailure("--runs must be from 1 to 1000");
    if (clients < 1 || clients > 256) throw new CliFailure("--clients must be from 1 to 256");
    if (commits < 3 || commits > MAX_COMMITS) throw new CliFailure("--commits must be from 3 to " + MAX_COMMITS + " (every change of a run is kept in memory)");
    if (stride < 1) throw new CliFailure("--stride must be >= 1");
    if (samples < 0 || samples > 1000) throw new CliFailure("--samples must be from 0 to 1000");
    int segmentBytes = WalLoadCommand.segmentBytes(segmentSize);
    FlushMode mode = FlushMode.parse("--flush-mode", flushMode);
    CrashCheck.Result r;
    try {
      r = CrashCheck.run(runs, clients, commits, segmentBytes, stride, samples, seed, mode);
    } catch (IOException e) {
      throw new CliFailure("the recorded run failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(format.render(List.of(new ResultRow()
        .put("runs", r.runs())
        .put("clients", clients)
        .put("commits", commits)
        .put("flushMode", mode.spec())
        .put("operations", r.operations())
        .put("crashPoints", r.crashPoints())
        .put("states", r.states())
        .put("reopened", r.reopened())
        .put("refused", r.refused())
        .put("lostAcks", r.lost())
        .put("passed", r.passed()))));
    out.flush();
    if (!r.passed()) throw new CliFailure(r.firstFailure());
  }
}
