package dev.bufmgr.replay;

import dev.bufmgr.replay.catalog.PolicyCatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.stream.BlockFeed;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How the runner keeps the JIT out of a rate: a long input's runs leave their first requests
 * untimed and no warm-up replay is made; a short input's policy is warmed up by replays first and
 * its run timed whole; without warm-up neither happens. Either way the hits are those of the run
 * alone.
 */
class ReplayRunnerWarmUpTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);

  /** A policy that counts the replays of a trace in memory it is asked for (the warm-up's way). */
  private static final class CountingPolicy implements ReplayPolicy {
    final ReplayPolicy inner;
    int replays;

    CountingPolicy(ReplayPolicy inner) {
      this.inner = inner;
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public boolean admitsEveryMiss() {
      return inner.admitsEveryMiss();
    }

    @Override
    public ReplayRun start(int frames, Set<EventField> carries) {
      return inner.start(frames, carries);
    }

    @Override
    public ReplayResult replay(EventTrace trace, int frames) {
      replays++;
      return ReplayPolicy.super.replay(trace, frames);
    }
  }

  @Test
  void aLongInputWarmsUpInsideEachRunWithoutWarmUpReplays() {
    long requests = ReplayRunner.IN_RUN_WARMUP_INPUT + 100_000;
    Workloads.Workload w = Workloads.parse("zipf:pages=200000,requests=" + requests + ",seed=4");
    CountingPolicy lru = new CountingPolicy(CATALOG.resolve("lru"));
    CountingPolicy gclock = new CountingPolicy(CATALOG.resolve("gclock"));
    List<ResultRow> rows = new ReplayRunner(null).run(ReplayInput.ofWorkload(w), List.of(lru, gclock), List.of(5000), 1);

    assertEquals(0, lru.replays, "no warm-up replay of LRU");
    assertEquals(0, gclock.replays, "no warm-up replay of G-CLOCK");
    EventTrace trace = EventTrace.load(w.open());
    for (int i = 0; i < 2; i++) {
      ResultRow row = rows.get(i);
      long timed = (long) row.number("timedRequests");
      assertEquals(requests, (long) row.number("requests"));
      assertTrue(timed <= requests - ReplayRunner.UNTIMED_REQUESTS
          && timed > requests - ReplayRunner.UNTIMED_REQUESTS - BlockFeed.BLOCK_CAPACITY,
          "the rate leaves out the blocks of the first requests only: " + timed);
      assertEquals(timed / row.number("seconds"), row.number("requestsPerSecond"), 1e-6 * row.number("requestsPerSecond"));
    }
    assertEquals(lru.inner.replay(trace, 5000).hits(), (long) rows.get(0).number("hits"));
    assertEquals(gclock.inner.replay(trace, 5000).hits(), (long) rows.get(1).number("hits"));
  }

  @Test
  void aShortInputIsWarmedUpByReplaysAndTimedWhole() {
    Workloads.Workload w = Workloads.parse("zipf:pages=20000,requests=300000,seed=4");
    CountingPolicy gclock = new CountingPolicy(CATALOG.resolve("gclock"));
    List<ResultRow> rows = new ReplayRunner(null).run(ReplayInput.ofWorkload(w), List.of(gclock), List.of(2000), 1);

    assertTrue(gclock.replays >= 2 && gclock.replays <= ReplayRunner.MAX_WARMUP_ROUNDS,
        "warm-up replays until two agree: " + gclock.replays);
    assertEquals(300_000L, (long) rows.getFirst().number("timedRequests"));
    assertEquals(gclock.inner.replay(EventTrace.load(w.open()), 2000).hits(), (long) rows.getFirst().number("hits"));
  }

  @Test
  void withoutWarmUpNoInputIsReplayedTwiceAndEveryRequestIsTimed() {
    Workloads.Workload shortOne = Workloads.parse("zipf:pages=20000,requests=300000,seed=4");
    Workloads.Workload longOne = Workloads.parse("zipf:pages=200000,requests=" + (ReplayRunner.IN_RUN_WARMUP_INPUT + 100_000) + ",seed=4");
    for (Workloads.Workload w : List.of(shortOne, longOne)) {
      CountingPolicy gclock = new CountingPolicy(CATALOG.resolve("gclock"));
      CountingPolicy lru = new CountingPolicy(CATALOG.resolve("lru"));
      List<ResultRow> rows = new ReplayRunner(null, false).run(ReplayInput.ofWorkload(w), List.of(gclock, lru), List.of(2000), 1);

      assertEquals(0, gclock.replays, "no warm-up replay of G-CLOCK");
      assertEquals(0, lru.replays, "no warm-up replay of LRU");
      EventTrace trace = EventTrace.load(w.open());
      for (int i = 0; i < 2; i++) {
        assertEquals(w.requests(), (long) rows.get(i).number("timedRequests"), "every request timed");
      }
      assertEquals(gclock.inner.replay(trace, 2000).hits(), (long) rows.get(0).number("hits"));
      assertEquals(lru.inner.replay(trace, 2000).hits(), (long) rows.get(1).number("hits"));
    }
  }
}
