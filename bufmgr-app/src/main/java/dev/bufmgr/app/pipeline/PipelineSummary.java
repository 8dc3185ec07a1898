package dev.bufmgr.app.pipeline;

import dev.bufmgr.pipeline.run.PipelineRun;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.pipeline.PipelineResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code summary.md} of a {@code bufmgr pipeline} command: the configuration, one table row
 * per run, and sentences computed from those rows (which run is fastest, whose transactions wait
 * least on dirty evictions, what the full-page images cost).
 */
public final class PipelineSummary {
  private PipelineSummary() {}

  /**
   * Chart and table labels of the runs: {@code selector / policy} by name, with every parameter
   * where two runs would otherwise share a label.
   */
  public static List<String> labels(List<PipelineRunner.Outcome> outcomes) {
    List<String> shortLabels = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (PipelineRunner.Outcome o : outcomes) {
      String l = o.run().label();
      shortLabels.add(l);
      seen.merge(l, 1, Integer::sum);
    }
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < outcomes.size(); i++) {
      PipelineRun r = outcomes.get(i).run();
      labels.add(seen.get(shortLabels.get(i)) > 1 ? r.selector() + " / " + r.policy() : shortLabels.get(i));
    }
    return labels;
  }

  /** The Markdown text. */
  public static String markdown(List<PipelineRunner.Outcome> outcomes, String command) {
    PipelineRun first = outcomes.get(0).run();
    PipelineSettings s = first.settings();
    List<String> labels = labels(outcomes);
    StringBuilder md = new StringBuilder("# bufmgr pipeline\n\n");
    md.append("**Configuration**: workload `").append(first.input()).append("`, device `").append(first.device())
        .append("`, ").append(s.clock()).append(" clock, ").append(s.frames()).append(" frames, ")
        .append(s.clients()).append(" clients, think ").append(s.think().spec()).append(", full-page writes ")
        .append(s.fullPageWrites() ? "on" : "off").append(", checkpoints ")
        .append(s.checkpoints() == null ? "off" : "`" + s.checkpoints().spec() + "`").append(", background writer ")
        .append(s.bgwriter() == null ? "off" : "`" + s.bgwriter().spec() + "`")
        .append(", seed ").append(s.seed()).append("; the first ").append(pct(s.warmupFraction()))
        .append(" of the run is not measured.\n\n");
    md.append("| run | tps | latency p50 ms | p99 ms | commit p99 ms | hit ratio | WAL B/txn | images share | "
        + "waited on a dirty eviction | backend writes | checkpoint writes | bgwriter writes | device log busy | device page busy |\n");
    md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < outcomes.size(); i++) {
      PipelineResult r = outcomes.get(i).result();
      md.append("| ").append(labels.get(i))
          .append(" | ").append(num(r.throughput(), 0))
          .append(" | ").append(num(r.transactionLatency().p50() / 1e6, 3))
          .append(" | ").append(num(r.transactionLatency().p99() / 1e6, 3))
          .append(" | ").append(num(r.commitLatency().p99() / 1e6, 3))
          .append(" | ").append(pct(r.hitRatio()))
          .append(" | ").append(num(r.walBytesPerTransaction(), 0))
          .append(" | ").append(pct(r.wal().imageShare()))
          .append(" | ").append(pct(r.waitedShare()))
          .append(" | ").append(r.backendWrites())
          .append(" | ").append(r.checkpointWrites())
          .append(" | ").append(r.bgwriterWrites())
          .append(" | ").append(pct(r.logBusy()))
          .append(" | ").append(pct(r.pageBusy()))
          .append(" |\n");
    }
    md.append('\n');
    if (outcomes.size() > 1) {
      int best = argBest(outcomes, Comparator.comparingDouble(o -> o.result().throughput()));
      int worst = argBest(outcomes, Comparator.comparingDouble((PipelineRunner.Outcome o) -> o.result().throughput()).reversed());
      md.append("- Highest throughput: **").append(labels.get(best)).append("**, ")
          .append(num(outcomes.get(best).result().throughput(), 0)).append(" tps; lowest: ").append(labels.get(worst))
          .append(", ").append(num(outcomes.get(worst).result().throughput(), 0)).append(" tps.\n");
      int calm = argBest(outcomes, Comparator.comparingDouble((PipelineRunner.Outcome o) -> o.result().waitedShare()).reversed());
      md.append("- Fewest transactions waiting on a dirty eviction: **").append(labels.get(calm)).append("**, ")
          .append(pct(outcomes.get(calm).result().waitedShare())).append(" of its transactions.\n");
    }
    for (int i = 0; i < outcomes.size(); i++) {
      double[] d = PipelineCharts.unsteady(outcomes.get(i));
      if (d == null) continue;
      md.append("- No steady state: ").append(labels.get(i)).append(String.format(Locale.ROOT,
          " ran %,.0f tps in the first fifth of its measured time and %,.0f in the last (%+.0f%%); its tps is a mean over a "
              + "moving rate, and a longer run (`--seconds`) or warm-up (`--warmup`) would measure a steady one.%n",
          d[0], d[1], 100 * (d[1] - d[0]) / d[0]));
    }
    double images = 0;
    double bytes = 0;
    for (PipelineRunner.Outcome o : outcomes) {
      images += o.result().wal().imageBytes();
      bytes += o.result().wal().bytes();
    }
    md.append("- Full-page images are ").append(pct(bytes == 0 ? Double.NaN : images / bytes))
        .append(" of all the log bytes written by these runs.\n");
    md.append("\nCharts: `tps.png`, `latency-p99.png`, `wal.png`, `dirty-buffers.png`, `device.png`, `writes.png`; every row of "
        + "`results.jsonl` and `series.jsonl` carries its configuration and seed.\n\nCommand: `").append(command).append("`\n");
    return md.toString();
  }

  private static int argBest(List<PipelineRunner.Outcome> outcomes, Comparator<PipelineRunner.Outcome> order) {
    int best = 0;
    for (int i = 1; i < outcomes.size(); i++) {
      if (order.compare(outcomes.get(i), outcomes.get(best)) > 0) best = i;
    }
    return best;
  }

  static String pct(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2f%%", ratio * 100);
  }

  static String num(double v, int decimals) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}
