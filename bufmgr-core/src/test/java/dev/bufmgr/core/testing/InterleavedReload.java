package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.util.function.BiPredicate;

/**
 * For tests: a selector with ghost lists keeps them apart from the cache when misses interleave,
 * so a page is never both resident and remembered as gone. The interleaving is one the selector
 * contract allows and the simulated pipeline makes: a miss for page {@link #PAGE} waits for its
 * dirty victim's write ({@link PoolSession#pinDeferred}); meanwhile another session loads the
 * page and evicts it again, which puts its id in a ghost list; then the first miss loads the page.
 * The only order of whole misses that fits puts the first miss after that eviction, so it is the
 * run's one ghost hit. Eight dirty pages fill an 8-frame pool, and pages 5 to 8 are hit once
 * more (for ARC and CAR, T2 then holds them, so pages leaving T1 keep their ids).
 */
public final class InterleavedReload {
  /** The page both sessions miss. */
  public static final long PAGE = 100;

  private InterleavedReload() {}

  /**
   * Runs the interleaving on a pool of {@code probe}'s selector and checks that the id was in a
   * ghost list before the first miss loaded the page, that no resident page's id is in one
   * afterwards ({@code ghostHolds}), and that the selector's counters whose names end in {@code
   * hostHits} add up to 1.
   */
  public static <S extends VictimSelector> void check(
      ProbedFactory<S> probe, Sharing sharing, BiPredicate<S, Long> ghostHolds) {
    FailingWriteBack hook = new FailingWriteBack();
    PoolConfig config = PoolConfig.builder().frames(8).selector(probe.name()).writeBack(hook).sharing(sharing).build();
    try (BufferPool p = probe.pool(config);
        PoolSession s = p.openSession();
        PoolSession other = p.openSession()) {
      for (long page = 1; page <= 8; page++) {
        int b = s.pin(page, AccessStrategy.NORMAL, 0);
        s.markDirty(b, 100 * page);
        s.unpin(b);
      }
      for (long page = 5; page <= 8; page++) s.unpin(s.pin(page, AccessStrategy.NORMAL, 0));
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(PAGE, AccessStrategy.NORMAL, 0));
      other.unpin(other.pin(PAGE, AccessStrategy.NORMAL, 0));
      long next = PAGE + 1;
      while (p.bufferOf(PAGE) >= 0 && next < PAGE + 100) other.unpin(other.pin(next++, AccessStrategy.NORMAL, 0));
      assertEquals(-1, p.bufferOf(PAGE), "another session's misses evicted page " + PAGE);
      assertTrue(ghostHolds.test(probe.last(), PAGE), "its id is remembered as gone");
      hook.writeBack(s.pendingWriteBuffer(), s.pendingWritePage(), s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(b, p.bufferOf(PAGE));
      s.unpin(b);
      for (long page = 1; page < next; page++) {
        if (page > 8 && page < PAGE) continue;
        if (p.bufferOf(page) >= 0) {
          assertFalse(ghostHolds.test(probe.last(), page), "page " + page + " is resident and in a ghost list");
        }
      }
      long ghostHits = p.selectorCounters().entrySet().stream()
          .filter(e -> e.getKey().endsWith("hostHits")).mapToLong(e -> e.getValue()).sum();
      assertEquals(1, ghostHits, "the resumed miss, after page " + PAGE + "'s eviction, is the one ghost hit");
    }
  }
}
