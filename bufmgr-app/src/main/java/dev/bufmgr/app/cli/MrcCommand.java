package dev.bufmgr.app.cli;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bufmgr experiment mrc-trace}: a miss-ratio curve of one input, every policy at pool
 * sizes spaced logarithmically between two shares of the distinct pages.
 */
@Command(
    name = "mrc-trace",
    mixinStandardHelpOptions = true,
    description = "Miss-ratio curve of one input: policies at log-spaced pool sizes between --min and --max percent of the distinct pages.")
public final class MrcCommand implements Runnable, WritesOutputs {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Mixin ResultOutput result;

  @Option(names = Flags.POLICY, paramLabel = Flags.SPEC_LABEL, description = {Flags.POLICY_HELP, "Repeatable. Default: all."})
  List<String> policies = new ArrayList<>();

  @Option(names = "--points", defaultValue = "10", description = "Pool sizes on the curve (default: ${DEFAULT-VALUE}).")
  int points;

  @Option(names = "--min", defaultValue = "0.5", description = "Smallest size, percent of distinct pages (default: ${DEFAULT-VALUE}).")
  double minPercent;

  @Option(names = "--max", defaultValue = "50", description = "Largest size, percent of distinct pages (default: ${DEFAULT-VALUE}).")
  double maxPercent;

  @Override
  public List<OutputTarget> outputTargets() {
    return result.targets(input.trace);
  }

  @Override
  public void run() {
    result.format();
    if (points < 2 || points > 200) throw new CliFailure("--points must lie in 2..200, got " + points);
    if (!(minPercent > 0 && minPercent < maxPercent && maxPercent <= 100)) {
      throw new CliFailure("--min and --max must satisfy 0 < min < max <= 100, got " + minPercent + " and " + maxPercent);
    }
    PolicyCatalog catalog = new PolicyCatalog(true);
    List<ReplayPolicy> chosen = new ArrayList<>();
    if (policies.isEmpty()) chosen.addAll(catalog.defaults());
    for (String p : policies) chosen.add(catalog.resolve(p));
    ReplayInput in = input.input();
    int distinct = in.facts().distinctPages();
    TreeSet<Integer> sizes = new TreeSet<>();
    for (int i = 0; i < points; i++) {
      double pct = minPercent * Math.pow(maxPercent / minPercent, i / (double) (points - 1));
      sizes.add((int) Math.max(1, Math.round(distinct * pct / 100)));
    }
    List<ResultRow> rows = new ReplayRunner(System.err).run(in, chosen, new ArrayList<>(sizes), 1);
    result.emit(rows, "Miss-ratio curve: " + ResultOutput.inputName(in), spec.commandLine().getOut(), AxisScale.LOG);
  }
}
