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
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.PageCacheSettings;
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
 * whose every write costs a sample of this machine's write+fdatasync latency ({@code bufmgr
 * fsync-probe}, measured at the start unless given). Data pages reach that device through the
 * operating system's page cache ({@link PageCacheSettings}, as {@code bufmgr pipeline} by default)
 * or, in the direct model, each on its own write; either way a client writing a dirty victim
 * first waits for the log to be durable up to the victim's LSN ({@code XLogFlush} in PostgreSQL's
 * {@code FlushBuffer}), so the summary separates that wait from the page write's. The pipeline's
 * simulation runs each point; the run starts just after a checkpoint and takes none.
 */
public final class DirtyEvictionsExperiment {
  private static final int[] RATIOS = {2, 4, 8};

  private DirtyEvictionsExperiment() {}

  /**
   * @param probe an fsync-probe sample file, or null to measure one now (in a temporary folder)
   * @param cache the page cache's settings, or null for the direct model
   */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress, Path probe,
      PageCacheSettings cache) {
    int frames = quick ? 1000 : 16384;
    double seconds = quick ? 3 : 30;
    byte[] samples = probe != null ? read(probe) : measure(quick, progress);
    Path samplesFile = write(samples);
    try {
      DeviceModel model = DeviceModels.parse("empirical:" + samplesFile);
      PipelineDevice device = PipelineDevice.parse("empirical:" + samplesFile, false);
      List<Spec> selectors = new ArrayList<>();
      for (SelectorFactory f : registry.factories()) selectors.add(Spec.of(f.name()));
      ExperimentReport report = new ExperimentReport();
      report.file("fsync-samples.txt", new String(samples, java.nio.charset.StandardCharsets.UTF_8));
      report.summary("# dirty-evictions\n\n**Question**: under cache pressure, which selector keeps dirty evictions off "
          + "the commit path (a client that must write a dirty victim first waits for the log to be durable up to the "
          + "victim's LSN, then for the page write: into the page cache, or on the device its commits use), and what does "
          + "it cost in hit ratio?\n\n"
          + String.format(Locale.ROOT, "**Configuration**: `tpcb` with data %s times the pool of %d buffers, every selector, "
              + "greedy commit, 10 clients, no think time, full-page writes on, no checkpoint (the run starts just after one) and no "
              + "background writer (the victims' writes all fall on the clients), "
              + "%.0f s of virtual time of which the first third is not measured, seeds 1..%d. Device: every write that reaches it (a log "
              + "flush, a data page) costs a sample of this machine's write+fdatasync latency (median %.3f ms, p99 %.3f ms; "
              + "`fsync-samples.txt`). %s%n%n",
              join(RATIOS), frames, seconds, Spread.seeds(quick), model.latency().medianNanos() / 1e6, model.latency().p99Nanos() / 1e6,
              DeviceModelText.sentence(cache))
          + "**Answer** (numbers from this run):\n\n");
      List<List<String>> table = new ArrayList<>();
      Map<String, List<Double>> waited = new LinkedHashMap<>();
      Map<String, List<Double>> tps = new LinkedHashMap<>();
      Map<String, List<Double>> waitMs = new LinkedHashMap<>();
      List<String> categories = new ArrayList<>();
      List<Double> imageShares = new ArrayList<>();
      int seeds = Spread.seeds(quick);
      for (int ratio : RATIOS) {
        categories.add(ratio + "x the pool");
        Map<String, Map<String, List<Double>>> cells = new LinkedHashMap<>();
        long images = 0;
        long bytes = 0;
        double waitTotal = 0;
        double writeTotal = 0;
        for (int seed = 1; seed <= seeds; seed++) {
          int sd = seed;
          PipelineInput input = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=" + ratio + ",seed=" + seed);
          List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings(frames, seconds, seed, cache), input, device, selectors,
              List.of(ReleasePolicies.parse("greedy")), registry, progress == null ? null : line -> progress.println(
                  "bufmgr: dirty-evictions " + ratio + "x seed " + sd + " " + line));
          for (PipelineRunner.Outcome o : outcomes) {
            PipelineResult r = o.result();
            report.row(new ResultRow().put("experiment", "dirty-evictions").put("dataRatio", ratio).put("seed", seed)
                .putAll(PipelineRows.row(o.run(), r)).put("device", "empirical:fsync-samples.txt")
                .put("evictionWaitMsPerTransaction", waitPerTransaction(r))
                .put("backendWriteMsPerTransaction", writePerTransaction(r)));
            Map<String, List<Double>> c = cells.computeIfAbsent(shortName(o), k -> new LinkedHashMap<>());
            add(c, "tps", r.throughput());
            add(c, "commitP99", r.commitLatency().p99() / 1e6);
            add(c, "txnP99", r.transactionLatency().p99() / 1e6);
            add(c, "waited", r.waitedShare());
            add(c, "wait", r.evictionWait().mean() / 1e6);
            add(c, "waitPerTxn", waitPerTransaction(r));
            add(c, "writePerTxn", writePerTransaction(r));
            add(c, "logPerTxn", waitPerTransaction(r) - writePerTransaction(r));
            add(c, "hit", r.hitRatio());
            add(c, "heapHit", r.hitRatio(4));
            add(c, "wal", r.walBytesPerTransaction());
            add(c, "backendWrites", (double) r.backendWrites() / r.transactions());
            images += r.wal().imageBytes();
            bytes += r.wal().bytes();
            waitTotal += waitPerTransaction(r) * r.transactions();
            writeTotal += writePerTransaction(r) * r.transactions();
          }
        }
        imageShares.add(bytes == 0 ? Double.NaN : (double) images / bytes);
        Map<String, Spread> waitedCells = new LinkedHashMap<>();
        Map<String, Spread> hitCells = new LinkedHashMap<>();
        Map<String, Spread> waitCells = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, List<Double>>> e : cells.entrySet()) {
          Map<String, List<Double>> c = e.getValue();
          waitedCells.put(e.getKey(), Spread.of(c.get("waited")));
          hitCells.put(e.getKey(), Spread.of(c.get("hit")));
          waitCells.put(e.getKey(), Spread.of(c.get("waitPerTxn")));
          waited.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(Spread.of(c.get("waited")).mean());
          tps.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(Spread.of(c.get("tps")).mean());
          waitMs.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(Spread.of(c.get("waitPerTxn")).mean());
          table.add(List.of(ratio + "x", e.getKey(), Spread.of(c.get("tps")).num(0), Spread.of(c.get("commitP99")).num(3),
              Spread.of(c.get("txnP99")).num(3), Spread.of(c.get("waited")).pct(), Spread.of(c.get("wait")).num(3),
              Spread.of(c.get("waitPerTxn")).num(3), Spread.of(c.get("writePerTxn")).num(3), Spread.of(c.get("logPerTxn")).num(3),
              Spread.of(c.get("hit")).pct(), Spread.of(c.get("heapHit")).pct(), Spread.of(c.get("wal")).num(0),
              Spread.of(c.get("backendWrites")).num(2)));
        }
        report.summary(String.format(Locale.ROOT, "- Data %dx the pool: fewest transactions waiting on a dirty eviction: %s; "
            + "least eviction wait per transaction (ms): %s; best hit ratio: %s. Of all selectors' eviction wait, %s was "
            + "the page writes themselves and the rest waiting for the log to be durable up to the victims' LSNs.%n", ratio,
            Spread.judge(waitedCells, false, Tables::pct), Spread.judge(waitCells, false, v -> Tables.num(v, 3)),
            Spread.judge(hitCells, true, Tables::pct), waitTotal > 0 ? Tables.pct(writeTotal / waitTotal) : "none"));
      }
      report.summary("\nEach cell is the mean over " + seeds + " seeds (workload and run seeds 1.." + seeds
          + ") with the range in brackets; a selector is named only when its range clears every other's.\n\n"
          + Tables.markdown(List.of("data/pool", "selector", "tps", "commit p99 ms", "txn p99 ms",
          "waited on a dirty eviction", "mean wait ms (those that waited)", "eviction wait ms/txn", "of it page writes ms/txn",
          "of it log flushes ms/txn", "hit ratio", "accounts heap hit ratio",
          "WAL B/txn", "backend writes/txn"), table));
      StringBuilder shares = new StringBuilder();
      for (int k = 0; k < RATIOS.length; k++) {
        shares.append(k == 0 ? "" : ", ").append(Tables.pct(imageShares.get(k))).append(" at ").append(RATIOS[k]).append('x');
      }
      report.summary("*Eviction wait ms/txn* is the time transactions spent getting dirty victims written, over all "
          + "transactions; *page writes* is the clients' write time (`pg_stat_io` write_time: the copy into the page cache, "
          + "or the device's queue and service in the direct model) per transaction, and *log flushes* the rest (waiting for "
          + "`XLogFlush` up to the victim's LSN).\n\n");
      report.summary("Every transaction changes a random accounts page; once the pool is full most victims are dirty, so "
          + "a miss writes one first. Full-page images (every page's first change after the run's start, just after a "
          + "checkpoint) are " + shares + " of the log bytes, all selectors together.\n");
      report.chart("waited.png", BarChart.figure("Transactions that waited on a dirty eviction", "share", categories, waited));
      report.chart("wait.png", BarChart.figure("Dirty-eviction wait per transaction (" + DeviceModelText.label(cache) + ")",
          "ms", categories, waitMs));
      report.chart("tps.png", BarChart.figure("Transactions per second", "tps", categories, tps));
      return report;
    } finally {
      TemporaryPaths.delete(samplesFile);
    }
  }

  private static PipelineSettings settings(int frames, double seconds, long seed, PageCacheSettings cache) {
    return new PipelineSettings(frames, true, true, 10, new ThinkTime(0, ThinkTime.Distribution.EXP),
        null, null, 0, Math.round(seconds * 1e9), 1.0 / 3, 1_000_000_000L, seed, false, FlushMode.FLUSHER, cache);
  }

  /** Milliseconds transactions spent waiting on dirty victims' writes, over every transaction of the window. */
  static double waitPerTransaction(PipelineResult r) {
    return r.transactions() == 0 ? Double.NaN : r.evictionWait().mean() * r.evictionWait().count() / 1e6 / r.transactions();
  }

  /** Milliseconds of the clients' page writes ({@code pg_stat_io} write_time) per transaction of the window. */
  static double writePerTransaction(PipelineResult r) {
    return r.transactions() == 0 ? Double.NaN : r.backendWriteNanos() / 1e6 / r.transactions();
  }

  private static void add(Map<String, List<Double>> cell, String metric, double v) {
    cell.computeIfAbsent(metric, k -> new ArrayList<>()).add(v);
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
