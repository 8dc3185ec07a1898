package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.FsyncProbe;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code dirty-evictions}: which selector keeps dirty evictions off the commit path, and what it
 * costs in hit ratio. pgbench's TPC-B-like transactions whose data is 2, 4 and 8 times the pool,
 * every registered selector, greedy group commit, ten clients without think time, on a device
 * whose every write (log flush or data page) costs a sample of this machine's write+fdatasync
 * latency ({@code bufmgr fsync-probe}, measured at the start unless given). The pipeline's
 * simulation runs each point; the run starts just after a checkpoint and takes none.
 */
public final class DirtyEvictionsExperiment {
  private static final int[] RATIOS = {2, 4, 8};

  private DirtyEvictionsExperiment() {}

  /**
   * @param probe an fsync-probe sample file, or null to measure one now (in a temporary folder)
   */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress, Path probe) {
    int frames = quick ? 1000 : 16384;
    double seconds = quick ? 3 : 30;
    byte[] samples = probe != null ? read(probe) : measure(quick, progress);
    Path samplesFile = write(samples);
    try {
      DeviceModel model = DeviceModels.parse("empirical:" + samplesFile);
      PipelineDevice device = PipelineDevice.parse("empirical:" + samplesFile, false);
      List<Spec> selectors = new ArrayList<>();
      for (SelectorFactory f : registry.factories()) selectors.add(Spec.of(f.name()));
      PipelineSettings settings = new PipelineSettings(frames, true, true, 10, new ThinkTime(0, ThinkTime.Distribution.EXP),
          null, null, 0, Math.round(seconds * 1e9), 1.0 / 3, 1_000_000_000L, 1, false);
      ExperimentReport report = new ExperimentReport();
      report.file("fsync-samples.txt", new String(samples, java.nio.charset.StandardCharsets.UTF_8));
      report.summary("# dirty-evictions\n\n**Question**: under cache pressure, which selector keeps dirty evictions off "
          + "the commit path (a client that must write a dirty victim first waits for the log to be durable up to the "
          + "victim's LSN, then for the page write, on the device its commits use), and what does it cost in hit ratio?\n\n"
          + String.format(Locale.ROOT, "**Configuration**: `tpcb` with data %s times the pool of %d buffers, every selector, "
              + "greedy commit, 10 clients, no think time, full-page writes on, no checkpoint (the run starts just after one) and no "
              + "background writer (the victims' writes all fall on the clients), "
              + "%.0f s of virtual time of which the first third is not measured, seed 1. Device: every write costs a sample "
              + "of this machine's write+fdatasync latency (median %.3f ms, p99 %.3f ms; `fsync-samples.txt`).%n%n",
              join(RATIOS), frames, seconds, model.latency().medianNanos() / 1e6, model.latency().p99Nanos() / 1e6)
          + "**Answer** (numbers from this run):\n\n");
      List<List<String>> table = new ArrayList<>();
      Map<String, List<Double>> waited = new LinkedHashMap<>();
      Map<String, List<Double>> tps = new LinkedHashMap<>();
      List<String> categories = new ArrayList<>();
      List<Double> imageShares = new ArrayList<>();
      for (int ratio : RATIOS) {
        categories.add(ratio + "x the pool");
        PipelineInput input = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=" + ratio);
        List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, input, device, selectors,
            List.of(ReleasePolicies.parse("greedy")), registry, progress == null ? null : line -> progress.println(
                "bufmgr: dirty-evictions " + ratio + "x " + line));
        int calm = 0;
        int hits = 0;
        long images = 0;
        long bytes = 0;
        for (int i = 0; i < outcomes.size(); i++) {
          PipelineResult r = outcomes.get(i).result();
          String name = outcomes.get(i).run().selector().replaceAll(":.*", "");
          report.row(new ResultRow().put("experiment", "dirty-evictions").put("dataRatio", ratio)
              .putAll(PipelineRows.row(outcomes.get(i).run(), r)).put("device", "empirical:fsync-samples.txt"));
          waited.computeIfAbsent(name, k -> new ArrayList<>()).add(r.waitedShare());
          tps.computeIfAbsent(name, k -> new ArrayList<>()).add(r.throughput());
          table.add(List.of(ratio + "x", name, Tables.num(r.throughput(), 0), Tables.num(r.commitLatency().p99() / 1e6, 3),
              Tables.num(r.transactionLatency().p99() / 1e6, 3), Tables.pct(r.waitedShare()),
              Tables.num(r.evictionWait().mean() / 1e6, 3), Tables.pct(r.hitRatio()), Tables.pct(r.hitRatio(4)),
              Tables.num(r.walBytesPerTransaction(), 0), Tables.num((double) r.backendWrites() / r.transactions(), 2)));
          images += r.wal().imageBytes();
          bytes += r.wal().bytes();
          if (r.waitedShare() < outcomes.get(calm).result().waitedShare()) calm = i;
          if (r.hitRatio() > outcomes.get(hits).result().hitRatio()) hits = i;
        }
        imageShares.add(bytes == 0 ? Double.NaN : (double) images / bytes);
        PipelineResult c = outcomes.get(calm).result();
        PipelineResult h = outcomes.get(hits).result();
        report.summary(String.format(Locale.ROOT, "- Data %dx the pool: fewest transactions waiting on a dirty eviction with "
            + "**%s** (%s, %.0f tps, commit p99 %.3f ms, hit ratio %s); best hit ratio %s with %s (%s waited).%n", ratio,
            shortName(outcomes.get(calm)), Tables.pct(c.waitedShare()), c.throughput(), c.commitLatency().p99() / 1e6,
            Tables.pct(c.hitRatio()), Tables.pct(h.hitRatio()), shortName(outcomes.get(hits)), Tables.pct(h.waitedShare())));
      }
      report.summary("\n" + Tables.markdown(List.of("data/pool", "selector", "tps", "commit p99 ms", "txn p99 ms",
          "waited on a dirty eviction", "mean wait ms (those that waited)", "hit ratio", "accounts heap hit ratio",
          "WAL B/txn", "backend writes/txn"), table));
      StringBuilder shares = new StringBuilder();
      for (int k = 0; k < RATIOS.length; k++) {
        shares.append(k == 0 ? "" : ", ").append(Tables.pct(imageShares.get(k))).append(" at ").append(RATIOS[k]).append('x');
      }
      report.summary("Every transaction changes a random accounts page; once the pool is full most victims are dirty, so "
          + "a miss writes one first. Full-page images (every page's first change after the run's start, just after a "
          + "checkpoint) are " + shares + " of the log bytes, all selectors together.\n");
      report.chart("waited.png", BarChart.figure("Transactions that waited on a dirty eviction", "share", categories, waited));
      report.chart("tps.png", BarChart.figure("Transactions per second", "tps", categories, tps));
      return report;
    } finally {
      TemporaryPaths.delete(samplesFile);
    }
  }

  private static String shortName(PipelineRunner.Outcome o) {
    return o.run().selector().replaceAll(":.*", "");
  }

  private static String join(int[] xs) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < xs.length; i++) sb.append(i == 0 ? "" : i == xs.length - 1 ? " and " : ", ").append(xs[i]);
    return sb.toString();
  }

  private static byte[] read(Path probe) {
    try {
      DeviceModels.parse("empirical:" + probe);
      return Files.readAllBytes(probe);
    } catch (IOException e) {
      throw new IllegalArgumentException("--probe " + probe + ": cannot read: " + IoReasons.of(e));
    }
  }

  private static byte[] measure(boolean quick, PrintStream progress) {
    try {
      Path dir = TemporaryPaths.track(Files.createTempDirectory("bufmgr-probe"));
      try {
        int count = quick ? 200 : 2000;
        if (progress != null) progress.println("bufmgr: dirty-evictions: measuring write+fdatasync (" + count + " samples)");
        long[] ns = FsyncProbe.measure(dir, count, 8192, 16L << 20);
        StringBuilder sb = new StringBuilder("# bufmgr fsync-probe: write+fdatasync latency in microseconds, one per line\n");
        for (long v : ns) sb.append(String.format(Locale.ROOT, "%.3f%n", v / 1e3));
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      } finally {
        TemporaryPaths.delete(dir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot measure this machine's write+fdatasync latency: " + IoReasons.of(e), e);
    }
  }

  private static Path write(byte[] samples) {
    try {
      Path f = TemporaryPaths.track(Files.createTempFile("bufmgr-fsync-samples", ".txt"));
      Files.write(f, samples);
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a temporary sample file: " + IoReasons.of(e), e);
    }
  }
}
