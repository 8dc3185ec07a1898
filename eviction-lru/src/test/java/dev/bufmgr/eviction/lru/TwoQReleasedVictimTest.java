package dev.bufmgr.eviction.lru;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.FailingWriteBack;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 2Q when the pool gives a victim back: a victim changed while its write was under way is passed
 * over, as PostgreSQL's clock hand passes a buffer {@code InvalidateVictimBuffer} could not take;
 * one given back unused keeps its place at A1in's tail.
 */
class TwoQReleasedVictimTest {

  private static BufferPool pool(FailingWriteBack hook, Sharing sharing) {
    return new BufferPool(PoolConfig.builder().frames(8).selector("twoq").writeBack(hook).sharing(sharing).build(),
        SelectorRegistry.load());
  }

  /** Loads pages 1..8, each changed (LSN 100 x page): all in A1in, oldest first, 8 > kin = 2. */
  private static void fillDirty(PoolSession s) {
    for (long page = 1; page <= 8; page++) {
      int b = s.pin(page, AccessStrategy.NORMAL, 0);
      s.markDirty(b, 100 * page);
      s.unpin(b);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Sharing.class)
  void aVictimChangedDuringItsWriteIsNotOfferedAgainAtOnce(Sharing sharing) {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(hook, sharing); PoolSession s = p.openSession(); PoolSession other = p.openSession()) {
      fillDirty(s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(100, AccessStrategy.NORMAL, 0));
      assertEquals(1, s.pendingWritePage(), "A1in's oldest page");
      int held = other.pin(1, AccessStrategy.NORMAL, 0);
      other.markDirty(held, 999);
      other.unpin(held);
      hook.writeBack(s.pendingWriteBuffer(), 1, s.pendingWriteLsn(), null);
      // Page 1 is dirty again, so the miss gives its buffer back and asks again. Before the
      // change, A1in's tail was still page 1, written and changed again on every try.
      assertEquals(PoolSession.WRITE_NEEDED, s.resumeAfterWrite());
      assertEquals(2, s.pendingWritePage(), "the next oldest, page 1 passed over");
      hook.writeBack(s.pendingWriteBuffer(), 2, s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(b, p.bufferOf(100));
      s.unpin(b);
      assertTrue(p.bufferOf(1) >= 0, "page 1 stays");
      // A1in is now 3..8, 1, 100: the next misses take 3 and 4 before page 1.
      for (long page = 101; page <= 102; page++) {
        int c = s.pin(page, AccessStrategy.NORMAL, 0);
        s.unpin(c);
      }
      assertEquals(-1, p.bufferOf(3));
      assertEquals(-1, p.bufferOf(4));
      assertTrue(p.bufferOf(1) >= 0, "page 1 went to A1in's head");
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Sharing.class)
  void aVictimGivenBackUnusedKeepsItsPlace(Sharing sharing) {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(hook, sharing); PoolSession s = p.openSession(); PoolSession other = p.openSession()) {
      fillDirty(s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(100, AccessStrategy.NORMAL, 0));
      assertEquals(1, s.pendingWritePage());
      int loaded = other.pin(100, AccessStrategy.NORMAL, 0); // evicts page 2, written through the hook
      other.unpin(loaded);
      hook.writeBack(s.pendingWriteBuffer(), 1, s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(loaded, b, "the other session loaded the page first");
      s.unpin(b);
      int c = s.pin(101, AccessStrategy.NORMAL, 0);
      s.unpin(c);
      assertEquals(-1, p.bufferOf(1), "page 1, written and given back unused, was still A1in's oldest");
    }
  }
}
