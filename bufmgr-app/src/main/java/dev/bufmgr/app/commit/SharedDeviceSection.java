package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.sim.BackgroundWrites;
import dev.bufmgr.wal.sim.CommitSimulation;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.wal.sim.SimulationConfig;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What data pages add to the log's device and the log itself (DESIGN, use 3; seeds/001):
 * commits with and without checkpoint bursts queued on the same FIFO device, and the log volume
 * of the same update before and after a checkpoint (full-page images).
 */
final class SharedDeviceSection {
  /** A checkpoint burst: 16 page writes every 100 ms on the log's device. */
  static final String BURST = "checkpoint:every=100ms,pages=16,bytes=8192";
  /** Pages changed in the full-page-image measurement (seeds/001 changes one row on 5,000 pages). */
  static final int PAGES = 5_000;
  /** Bytes of one change record in that measurement. */
  static final int CHANGE_BYTES = 360;
  /** Page size. */
  static final int PAGE_SIZE = 8192;

  private final ExperimentSettings s;
  private final Consumer<String> progress;

  SharedDeviceSection(ExperimentSettings settings, Consumer<String> progress) {
    this.s = settings;
    this.progress = progress;
  }

  /** Greedy, a timer and commit_delay at 32 clients, alone and with checkpoint bursts. */
  List<ResultRow> checkpointBursts() {
    List<ResultRow> rows = new ArrayList<>();
    DeviceModel dev = s.devices().get(0);
    LoopSpec loop = new LoopSpec.Closed(32, new ThinkTime(ClosedLoopSections.THINK, ThinkTime.Distribution.EXP));
    BackgroundWrites burst = BackgroundWrites.parse(BURST);
    for (String policy : List.of("greedy", "timer:t=0.5ms", "pgdelay:delay=100us,siblings=5")) {
      for (BackgroundWrites bg : new BackgroundWrites[] {null, burst}) {
        progress.accept("shared device " + policy + (bg == null ? "" : " with checkpoints"));
        CommitResult r = CommitSimulation.run(new SimulationConfig(
            ReleasePolicies.parse(policy), loop, dev, s.commits(), 0, s.seed(), 64, false, bg, 0.1));
        rows.add(new ResultRow()
            .put("section", "shared-device")
            .put("policy", r.policy())
            .put("loop", r.loop())
            .put("device", r.device())
            .put("background", bg == null ? "none" : bg.spec())
            .put("burstMs", bg == null ? 0.0 : bg.pages() * (dev.latency().meanNanos() + bg.bytes() * dev.perByteNanos()) / 1e6)
            .put("clock", r.clock())
            .put("seed", r.seed())
            .put("commits", r.commits())
            .put("throughput", r.throughput())
            .put("meanBatch", r.meanBatch())
            .put("latencyMeanMs", r.latencyMeanNanos() / 1e6)
            .put("latencyP99Ms", r.latencyP99Nanos() / 1e6)
            .put("latencyP999Ms", r.latencyP999Nanos() / 1e6)
            .put("deviceUtilization", r.deviceUtilization()));
      }
    }
    return rows;
  }

  /**
   * Logs one change on each of {@link #PAGES} pages right after a checkpoint, then the same
   * changes again, and compares the log volumes (seeds/001 measured 23x on PostgreSQL 18).
   */
  List<ResultRow> fullPageImages() {
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 20);
    long[] pageLsn = new long[PAGES];
    log.checkpoint();
    long first = changeAll(log, pageLsn);
    long second = changeAll(log, pageLsn);
    List<ResultRow> rows = new ArrayList<>();
    rows.add(new ResultRow()
        .put("section", "full-page-images")
        .put("pages", PAGES)
        .put("pageBytes", PAGE_SIZE)
        .put("changeBytes", CHANGE_BYTES)
        .put("firstUpdateBytes", first)
        .put("secondUpdateBytes", second)
        .put("ratio", (double) first / second)
        .put("paperRatio", 23.0));
    return rows;
  }

  /** Logs one change per page and returns the log bytes it took (flushed to an instantaneous device). */
  private static long changeAll(WalLog log, long[] pageLsn) {
    Device sink = new EmulatedDevice(DeviceModels.parse("fixed:f0=0ms"), 0);
    long before = log.insertLsn();
    try {
      for (int p = 0; p < pageLsn.length; p++) {
        pageLsn[p] = log.insertPageChange(p, pageLsn[p], CHANGE_BYTES, PAGE_SIZE);
        if (log.insertLsn() - log.flushedLsn() > (1 << 19)) log.flushTo(log.insertLsn(), sink);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return log.insertLsn() - before;
  }
}
