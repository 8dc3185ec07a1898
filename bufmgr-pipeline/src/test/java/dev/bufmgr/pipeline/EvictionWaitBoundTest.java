package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.testing.ListSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.sim.ThinkTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.SplittableRandom;

/**
 * A client waits for one dirty victim's write at a time, within one transaction at a time, so a
 * transaction's eviction wait is part of its latency, and the waits of all transactions are
 * disjoint stretches of each client's run: their sum can never exceed clients x elapsed time,
 * whatever the selector and whichever clock. A miss whose written victim was changed during the
 * write takes another victim and waits again; counting each retry's wait from the miss's first
 * wait counted the first stretches again on every retry (a chain of k equal writes as k(k+1)/2 of
 * them), so a transaction "waited" longer than it lasted. The run has no warm-up, so its window is
 * the whole run and every wait lies inside it (the real-time run is short, and on a loaded
 * machine may end before any client waited, which leaves nothing to check). The input, a page every transaction changes and
 * random others, on a pool of 20 buffers for eight clients, makes victims that are changed again
 * while they are written.
 */
class EvictionWaitBoundTest {
  private static final DeviceModel SIM_DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);
  private static final DeviceModel REAL_DEVICE = new DeviceModel(new FixedLatency(200_000), 0, 20_000);
  private static final long MS = 1_000_000;
  private static final int CLIENTS = 8;

  static java.util.List<String> registeredSelectors() {
    return BgBufferSyncOnEverySelectorTest.registeredSelectors();
  }

  private static PipelineConfig config(String selector, long durationNanos) {
    return new PipelineConfig(20, Spec.of(selector), true, 8192, true, CLIENTS,
        new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse("greedy"), CheckpointSettings.plain(50 * MS),
        new BgWriterSettings(20 * MS, 2, 2.0), 0, durationNanos, 0.0, 100 * MS, 7);
  }

  /**
   * TPC-B's shape in miniature: each transaction changes one branch page, which every transaction
   * changes, and one of {@code accounts} account pages drawn at random, then commits.
   */
  static ListSource branchAndAccounts(int accounts, int transactions) {
    ListSource s = new ListSource();
    SplittableRandom rng = new SplittableRandom(5);
    for (int i = 0; i < transactions; i++) {
      s.add(0, EventMeta.begin())
          .add(1, EventMeta.change(AccessStrategy.NORMAL, 1, 72, false))
          .add(2 + rng.nextInt(accounts), EventMeta.change(AccessStrategy.NORMAL, 2, 72, false))
          .add(0, EventMeta.commit(34));
    }
    return s;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registeredSelectors")
  void evictionWaitsFitInClientsTimesTheRunInVirtualTime(String selector) {
    PipelineResult r = new PipelineSimulation(config(selector, 2_000 * MS), branchAndAccounts(200, 30_000), SIM_DEVICE, SelectorRegistry.load(),
        new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertTrue(r.waitedOnEviction() > 0, selector + ": no transaction waited for a victim");
    assertWithinBound(selector, r);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registeredSelectors")
  void evictionWaitsFitInClientsTimesTheRunInRealTime(String selector) throws Exception {
    PipelineResult r;
    try (EmulatedDevice d = new EmulatedDevice(REAL_DEVICE, 1)) {
      r = new RealTimePipeline(config(selector, 300 * MS), branchAndAccounts(200, 30_000), d, LogFormat.FIRST_LSN, SelectorRegistry.load()).run();
    }
    assertWithinBound(selector, r);
  }

  /**
   * The waits' sum (from the histogram's mean) against clients x the window, and the longest wait
   * against the longest transaction; both histograms keep three significant digits, so 0.1% of slack.
   */
  private static void assertWithinBound(String selector, PipelineResult r) {
    if (r.waitedOnEviction() == 0) return;
    assertTrue(r.evictionWait().max() <= r.transactionLatency().max() * 1.001,
        String.format("%s on %s: a transaction waited %.2f ms for victims, the longest lasted %.2f ms", selector, r.clock(),
            r.evictionWait().max() / MS, r.transactionLatency().max() / MS));
    double waited = r.evictionWait().mean() * r.evictionWait().count();
    double bound = (double) CLIENTS * r.elapsedNanos() * 1.001;
    assertTrue(waited <= bound, String.format("%s on %s: eviction waits add up to %.1f ms, more than %d clients x %.1f ms",
        selector, r.clock(), waited / MS, CLIENTS, r.elapsedNanos() / (double) MS));
  }
}
