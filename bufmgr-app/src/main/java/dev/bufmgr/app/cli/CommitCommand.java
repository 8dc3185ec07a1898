package dev.bufmgr.app.cli;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.sim.BackgroundWrites;
import dev.bufmgr.wal.sim.CommitSimulation;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.wal.sim.SimulationConfig;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.app.commit.CommitRows;
import dev.bufmgr.app.commit.RealClockRun;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bufmgr commit}: runs group commit under one or more release policies, in virtual time
 * (the discrete-event simulation) or in real time (real threads, an emulated or a real-file
 * device), and prints one result row per policy.
 */
@Command(
    name = "commit",
    mixinStandardHelpOptions = true,
    description = {
      "Runs group commit under release policies and reports throughput, batch size and latency.",
      "Release policies, devices and loops: bufmgr list shows each with its parameters;",
      "  with --clock real the device may also be file:DIR (a real log file forced with fdatasync).",
      "Durations take a unit: 100us, 1ms, 0.5ms."
    })
public final class CommitCommand implements Runnable {

  @Spec CommandSpec spec;

  @Option(names = {Flags.RELEASE, Flags.RELEASE_ALIAS_POLICY}, paramLabel = Flags.SPEC_LABEL,
      description = {Flags.RELEASE_HELP, Flags.REPEATABLE_RELEASE})
  List<String> policies = new ArrayList<>();

  @Option(
      names = "--loop",
      defaultValue = "closed:clients=8,think=1ms",
      description =
          "closed:clients=N,think=D[,dist=exp|const|uniform] | open:rate=R | open:phases=R@D/R@D... (default: ${DEFAULT-VALUE})")
  String loop;

  @Option(names = "--device", defaultValue = "fixed:f0=0.9ms", description = "Device (default: ${DEFAULT-VALUE}).")
  String device;

  @Option(names = "--commits", description = "Commits to measure after the warm-up (default 200000 when --seconds is absent).")
  Long commits;

  @Option(names = "--seconds", description = "Run length in seconds, warm-up included (virtual with --clock sim).")
  Double seconds;

  @Option(names = "--clock", defaultValue = "sim", description = "sim (virtual time) or real (threads, real time). Default: ${DEFAULT-VALUE}.")
  String clock;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Option(names = "--record-bytes", defaultValue = "64", description = "Log bytes per commit record (default: ${DEFAULT-VALUE}).")
  int recordBytes;

  @Option(names = "--async-commit", description = "Acknowledge at insertion (synchronous_commit=off); results are not durable.")
  boolean asyncCommit;

  @Option(names = "--flush-mode", paramLabel = "MODE", description = {
      "With --clock real: who flushes the log. leader: the committing thread that finds no flush in progress",
      "  flushes itself, the others wait (PostgreSQL 9.2); flusher: a dedicated flusher thread.",
      "  Default: " + FlushModes.DEFAULT_SPEC + " (flusher for runs whose commits do not wait: --async-commit, ewma)."})
  String flushMode;

  @Option(names = "--background", description = "Page writes sharing the device: checkpoint:every=D,pages=N[,bytes=N] (sim clock).")
  String background;

  @Option(names = "--warmup", defaultValue = "0.1", description = "Share of the run discarded before measuring (default: ${DEFAULT-VALUE}).")
  double warmup;

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    List<PolicyFactory> factories = new ArrayList<>();
    for (String p : policies.isEmpty() ? List.of("greedy") : policies) factories.add(ReleasePolicies.parse(Flags.RELEASE, p));
    LoopSpec loopSpec = LoopSpec.parse(loop);
    String clockName = clock.trim().toLowerCase(Locale.ROOT);
    if (!clockName.equals("sim") && !clockName.equals("real")) {
      throw new CliFailure("--clock must be sim or real; got '" + clock + "'");
    }
    if (commits != null && seconds != null) throw new CliFailure("give --commits or --seconds, not both");
    if (commits != null && commits < 1) throw new CliFailure("--commits must be >= 1");
    if (seconds != null && !(seconds > 0)) throw new CliFailure("--seconds must be > 0");
    if (recordBytes < 0 || recordBytes > LogFormat.MAX_RECORD) {
      throw new CliFailure("--record-bytes must be from 0 to " + LogFormat.MAX_RECORD + " (the largest record)");
    }
    if (!(warmup >= 0 && warmup < 1)) throw new CliFailure("--warmup must be in [0, 1)");
    BackgroundWrites bg = background == null ? null : BackgroundWrites.parse(background);
    FlushMode mode = FlushModes.parse(flushMode);
    if (flushMode != null && clockName.equals("sim")) throw new CliFailure("--flush-mode applies to --clock real only");
    if (flushMode != null) for (PolicyFactory f : factories) FlushModes.check(mode, Flags.RELEASE, f, asyncCommit);
    long nCommits = commits != null ? commits : seconds == null ? 200_000 : 0;
    long duration = seconds == null ? 0 : Math.round(seconds * 1e9);

    PrintWriter err = spec.commandLine().getErr();
    List<ResultRow> rows = new ArrayList<>();
    if (clockName.equals("sim")) {
      if (device.trim().startsWith("file:")) throw new CliFailure("--device " + device + " needs --clock real");
      DeviceModel model = DeviceModels.parse(device);
      for (PolicyFactory f : factories) {
        CommitResult r = CommitSimulation.run(new SimulationConfig(
            f, loopSpec, model, nCommits, duration, seed, recordBytes, asyncCommit, bg, warmup));
        if (r.commits() == 0) {
          throw new CliFailure("--seconds " + seconds + ": no commit was acknowledged in the measured "
              + Durations.format(r.elapsedNanos()) + " of virtual time (" + f.spec() + " on " + model.spec() + "); give a longer run");
        }
        rows.add(row(r, bg));
        err.printf(Locale.ROOT, "commit: %s: %,d commits simulated in %.2f s wall (%,.0f simulated commits/s)%n",
            f.spec(), r.commits(), r.wallNanos() / 1e9, r.commitsPerWallSecond());
        err.flush();
      }
    } else {
      if (bg != null) throw new CliFailure("--background is only simulated (use --clock sim)");
      long realDuration = duration > 0 ? duration : 0;
      for (PolicyFactory f : factories) {
        CommitResult r = RealClockRun.run(f, loopSpec, device, nCommits, realDuration, seed, recordBytes,
            asyncCommit, warmup, flushMode == null ? FlushModes.resolveDefault(f, asyncCommit) : mode);
        rows.add(row(r, null));
        err.printf(Locale.ROOT, "commit: %s: %,d commits in %s real time%n",
            f.spec(), r.commits(), Durations.format(r.elapsedNanos()));
        err.flush();
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(format.render(rows));
    out.flush();
  }

  private ResultRow row(CommitResult r, BackgroundWrites bg) {
    return CommitRows.of(r)
        .put("recordBytes", recordBytes)
        .put("asyncCommit", asyncCommit)
        .put("background", bg == null ? null : bg.spec())
        .put("warmup", warmup)
        .put("wallSeconds", r.wallNanos() / 1e9);
  }
}
