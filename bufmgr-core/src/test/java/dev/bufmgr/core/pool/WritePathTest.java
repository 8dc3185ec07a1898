package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.BufferTransitions;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;
import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.IO_IN_PROGRESS;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.FailingWriteBack;
import dev.bufmgr.core.testing.SecondChanceFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The write side of the miss path: a failing write-back loses nothing, a deferred miss waits for
 * its victim's write without blocking the thread, and a buffer writer (checkpointer, background
 * writer) writes without evicting.
 */
class WritePathTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();

  private static BufferPool pool(int frames, WriteBackHook hook, Sharing sharing) {
    return new BufferPool(
        PoolConfig.builder().frames(frames).selector("second-chance").writeBack(hook).sharing(sharing).build(), REGISTRY);
  }

  /** Fills buffers 0..frames-1 with pages 1..frames, each changed (dirty, LSN = 100 x page). */
  private static void fillDirty(BufferPool p, PoolSession s) {
    for (long page = 1; page <= p.frames(); page++) {
      int b = s.pin(page, AccessStrategy.NORMAL, 0);
      s.markDirty(b, 100 * page);
      s.unpin(b);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(FailingWriteBack.Failure.class)
  void aFailedWriteBackKeepsThePageDirtyAndTheBufferFree(FailingWriteBack.Failure how) {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(2, hook, Sharing.SHARED); PoolSession s = p.openSession()) {
      fillDirty(p, s);
      hook.failNext(1, how);
      WriteBackFailedException e = assertThrows(WriteBackFailedException.class, () -> s.access(3, AccessStrategy.NORMAL, 0, false));
      assertTrue(e.getMessage().contains("page " + e.page()), e.getMessage());
      String reason = switch (how) {
        case NO_SPACE -> "No space left on device";
        case IO_ERROR -> "Input/output error";
        case INTERRUPT -> "interrupted";
      };
      assertTrue(e.getMessage().contains(reason), e.getMessage());
      for (int b = 0; b < 2; b++) {
        long st = p.descriptors().state(b);
        assertEquals(0, refCount(st), "buffer " + b + " leaked a pin: " + dev.bufmgr.core.buffer.BufferState.describe(st));
        assertTrue(has(st, DIRTY), "buffer " + b + " lost its change");
        assertFalse(has(st, IO_IN_PROGRESS));
      }
      assertEquals(0, p.bufferOf(3) >= 0 ? 1 : 0, "the request that failed was not served");
      PoolInvariants.checkQuiescent(p);
      assertTrue(s.access(3, AccessStrategy.NORMAL, 0, false) == false, "the next request succeeds once the device works");
      assertEquals(1, hook.written().size());
      long evicted = hook.written().keySet().iterator().next();
      assertEquals(100 * evicted, hook.written().get(evicted), "written with its LSN");
      assertTrue(p.bufferOf(evicted) < 0);
      PoolInvariants.checkQuiescent(p);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Sharing.class)
  void aDeferredMissWaitsForItsVictimsWrite(Sharing sharing) {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(2, hook, sharing); PoolSession s = p.openSession(); PoolSession other = p.openSession()) {
      fillDirty(p, s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(3, AccessStrategy.NORMAL, 0));
      int victim = s.pendingWriteBuffer();
      long page = s.pendingWritePage();
      assertEquals(100 * page, s.pendingWriteLsn());
      long st = p.descriptors().state(victim);
      assertEquals(1, refCount(st), "the victim is held claimed while its write is pending");
      assertTrue(has(st, IO_IN_PROGRESS));
      assertTrue(other.access(page, AccessStrategy.NORMAL, 0, false), "its page can still be read meanwhile");
      hook.writeBack(victim, page, s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(victim, b);
      assertEquals(b, p.bufferOf(3));
      s.unpin(b);
      assertEquals(1, p.metrics().dirtyEvictions());
      assertEquals(100 * page, hook.written().get(page), "written with the LSN it had when its write began");
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Sharing.class)
  void aPageLoadedByAnotherSessionDuringThePendingWriteServesTheMiss(Sharing sharing) {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(3, hook, sharing); PoolSession s = p.openSession(); PoolSession other = p.openSession()) {
      fillDirty(p, s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(4, AccessStrategy.NORMAL, 0));
      int victim = s.pendingWriteBuffer();
      int loaded = other.pin(4, AccessStrategy.NORMAL, 0);
      assertFalse(other.wasHit());
      assertTrue(loaded != victim);
      other.unpin(loaded);
      hook.writeBack(victim, s.pendingWritePage(), s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(loaded, b, "the miss takes the buffer the other session loaded instead of mapping the page twice");
      assertTrue(s.wasHit());
      s.unpin(b);
      assertEquals(loaded, p.bufferOf(4));
      assertEquals(0, refCount(p.descriptors().state(victim)), "the written victim is given back");
      PoolInvariants.checkQuiescent(p);
    }
  }

  @Test
  void aChangeDuringThePendingWriteSendsTheMissToAnotherVictim() {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(2, hook, Sharing.SHARED); PoolSession s = p.openSession(); PoolSession other = p.openSession()) {
      fillDirty(p, s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(3, AccessStrategy.NORMAL, 0));
      int first = s.pendingWriteBuffer();
      long firstPage = s.pendingWritePage();
      int held = other.pin(firstPage, AccessStrategy.NORMAL, 0);
      other.markDirty(held, 999);
      other.unpin(held);
      hook.writeBack(first, firstPage, s.pendingWriteLsn(), null);
      assertEquals(PoolSession.WRITE_NEEDED, s.resumeAfterWrite(), "the first victim was changed again: try the other");
      assertTrue(has(p.descriptors().state(first), DIRTY), "the change made during the write is kept");
      int second = s.pendingWriteBuffer();
      assertTrue(second != first);
      hook.writeBack(second, s.pendingWritePage(), s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(second, b);
      s.unpin(b);
      PoolInvariants.checkQuiescent(p);
    }
  }

  @Test
  void anAbandonedPendingWriteLeavesThePageDirtyAndUnpinned() {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(2, hook, Sharing.EXCLUSIVE); PoolSession s = p.openSession()) {
      fillDirty(p, s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(3, AccessStrategy.NORMAL, 0));
      int victim = s.pendingWriteBuffer();
      s.abandonPendingWrite();
      long st = p.descriptors().state(victim);
      assertEquals(0, refCount(st));
      assertTrue(has(st, DIRTY));
      assertThrows(IllegalStateException.class, s::resumeAfterWrite);
      PoolInvariants.checkQuiescent(p);
    }
  }

  @Test
  void aBufferWriterCleansWithoutEvictingAndHonoursTheCheckpointFlag() {
    FailingWriteBack hook = new FailingWriteBack();
    try (BufferPool p = pool(3, hook, Sharing.SHARED); PoolSession s = p.openSession()) {
      fillDirty(p, s);
      BufferWriter w = new BufferWriter(p, hook);
      assertEquals(BufferWriter.NOTHING_TO_WRITE, w.begin(0, CHECKPOINT_NEEDED), "not flagged for a checkpoint");
      assertTrue(BufferTransitions.markForCheckpoint(p.descriptors(), 0));
      assertTrue(BufferTransitions.markForCheckpoint(p.descriptors(), 1));
      assertTrue(w.writeNow(0, CHECKPOINT_NEEDED));
      long st = p.descriptors().state(0);
      assertFalse(has(st, DIRTY) || has(st, CHECKPOINT_NEEDED), "a written buffer is clean and done for the checkpoint");
      assertEquals(0, refCount(st));
      assertEquals(0, p.bufferOf(1), "written, not evicted");

      assertEquals(BufferWriter.STARTED, w.begin(1, CHECKPOINT_NEEDED));
      int b = s.pin(2, AccessStrategy.NORMAL, 0);
      s.unpin(b);
      int b1 = s.pin(w.page(), AccessStrategy.NORMAL, 0);
      s.markDirty(b1, 5000);
      s.unpin(b1);
      w.finish();
      st = p.descriptors().state(1);
      assertTrue(has(st, DIRTY) && has(st, CHECKPOINT_NEEDED), "changed during its write: still owed to the checkpoint");
      assertFalse(w.writeNow(0, 0), "clean: nothing to write");

      fillDirty(p, s);
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(4, AccessStrategy.NORMAL, 0));
      assertEquals(BufferWriter.BUSY, w.begin(s.pendingWriteBuffer(), 0), "another write of it runs");
      s.abandonPendingWrite();
      PoolInvariants.checkQuiescent(p);
    }
  }
}
