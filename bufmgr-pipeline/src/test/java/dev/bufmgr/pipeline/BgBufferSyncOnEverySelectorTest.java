package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolInvariants;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.core.testing.FailingWriteBack;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SeededTraces;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PostgreSQL's background writer ({@link BgBufferSync}) works with every registered selector
 * through its {@link CleaningView}, not only with the clock: rounds run between the requests of a
 * replay change no hit and no eviction of the selector, write pages, and leave fewer dirty victims.
 */
class BgBufferSyncOnEverySelectorTest {

  static List<String> registeredSelectors() {
    List<String> names = SelectorRegistry.load().names();
    assertFalse(names.isEmpty(), "no selector on the test class path");
    return names;
  }

  private static BufferPool pool(String spec, int frames, WriteBackHook hook) {
    return new BufferPool(
        PoolConfig.builder().frames(frames).storage(StorageMode.METADATA).selector(spec).writeBack(hook).sharing(Sharing.EXCLUSIVE).build(),
        SelectorRegistry.load());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registeredSelectors")
  void roundsBetweenRequestsChangeNoReplayDecision(String spec) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 40 + (int) seed * 20;
      Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3, true);
      FailingWriteBack storage = new FailingWriteBack();
      try (BufferPool plain = pool(spec, frames, WriteBackHook.NONE);
          BufferPool cleaned = pool(spec, frames, storage);
          PoolSession a = plain.openSession();
          PoolSession b = cleaned.openSession()) {
        CleaningView view = cleaned.cleaningView();
        assertTrue(view != null, spec + " offers a cleaning view");
        BgBufferSync rounds = new BgBufferSync(view, cleaned.descriptors(), new BgWriterSettings(10_000_000L, 50, 2.0));
        BufferWriter writer = new BufferWriter(cleaned, storage);
        long seen = 0;
        for (int i = 0; i < trace.length; i++) {
          Request r = trace[i];
          boolean hit = a.access(r.page(), r.strategy(), 0, r.write());
          assertEquals(hit, b.access(r.page(), r.strategy(), 0, r.write()), spec + ": request " + i + " (seed " + seed + ")");
          if (i % 37 == 36) {
            long allocated = cleaned.allocations();
            rounds.beginRound(allocated - seen);
            seen = allocated;
            for (int x; (x = rounds.next()) >= 0; ) rounds.wrote(writer.writeNow(x, 0), false);
          }
        }
        assertTrue(rounds.buffersClean() > 0, spec + ": the background writer wrote nothing");
        assertEquals(plain.metrics().evictions(), cleaned.metrics().evictions());
        assertTrue(cleaned.metrics().dirtyEvictions() < plain.metrics().dirtyEvictions(), "cleaned ahead, fewer dirty victims");
        PoolInvariants.checkQuiescent(cleaned);
      }
    }
  }
}
