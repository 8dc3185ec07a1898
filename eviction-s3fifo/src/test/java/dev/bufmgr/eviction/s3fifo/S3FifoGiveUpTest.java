package dev.bufmgr.eviction.s3fifo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How S3-FIFO's victim search ends near all pinned, driven on the selector directly (20 buffers:
 * 2 in S, 18 in M): it takes the one unpinned buffer and no pinned one; with every entry pinned it
 * gives up at once; with entries held by other misses (claimed victims not yet given back) it
 * waits a bounded number of rounds ({@link S3FifoSelector#IDLE_ROUNDS}, counted, not timed) and
 * then gives up with the same error.
 */
class S3FifoGiveUpTest {
  private static final int FRAMES = 20;

  private static S3FifoSelector selector(Descriptors d) {
    return (S3FifoSelector) SelectorRegistry.of(new S3FifoFactory()).create(Spec.parse("s3fifo"), d);
  }

  /** Every buffer holds a page (buffer b page b), admitted in order, as a pool's first misses do. */
  private static void admitAll(S3FifoSelector s) {
    MissContext a = new MissContext();
    for (int b = 0; b < FRAMES; b++) {
      a.begin(b, AccessStrategy.NORMAL, 0);
      s.onMiss(a);
      s.onAdmit(b, a);
    }
  }

  private static void pin(Descriptors d, int b) {
    d.getAndAddState(b, BufferState.REFCOUNT_ONE);
  }

  @ParameterizedTest(name = "buffer {0} unpinned")
  @ValueSource(ints = {0, 1, 2, 9, 19})
  void takesTheOneUnpinnedBufferAndNoPinnedOne(int free) {
    try (Descriptors d = Descriptors.allocate(FRAMES, 1, Padding.NONE, Sharing.SHARED, true)) {
      S3FifoSelector s = selector(d);
      admitAll(s);
      for (int b = 0; b < FRAMES; b++) if (b != free) pin(d, b);
      assertEquals(free, s.selectVictim(new MissContext()));
      for (int b = 0; b < FRAMES; b++) {
        assertEquals(1, BufferState.refCount(d.state(b)), "buffer " + b + " pinned once (the victim: claimed once)");
      }
      assertEquals(0, s.idleRounds(), "nothing was held elsewhere, so no round was waited");
    }
  }

  /**
   * S's two entries held by other misses (claimed, not yet given back), M's eighteen buffers
   * unpinned: the search finds S empty and takes from M. It used to choose S again on every poll
   * of the empty queue and give up after 2^22 of them, about 0.3 s here, with M's buffers free.
   */
  @Test
  void takesFromMainWhenOtherMissesHoldEverySmallEntry() {
    try (Descriptors d = Descriptors.allocate(FRAMES, 1, Padding.NONE, Sharing.SHARED, true)) {
      S3FifoSelector s = selector(d);
      admitAll(s);
      assertEquals(2, s.smallMembers());
      int first = s.selectVictim(new MissContext());
      int second = s.selectVictim(new MissContext());
      assertEquals(1, first + second, "S's buffers 0 and 1 go first: " + first + ", " + second);
      int third = s.selectVictim(new MissContext());
      assertTrue(third >= 2, "a buffer of M: " + third);
      assertEquals(0, s.idleRounds(), "M had a victim: no round was waited");
    }
  }

  @Test
  void givesUpAtOnceWhenEveryEntryIsPinned() {
    try (Descriptors d = Descriptors.allocate(FRAMES, 1, Padding.NONE, Sharing.SHARED, true)) {
      S3FifoSelector s = selector(d);
      admitAll(s);
      for (int b = 0; b < FRAMES; b++) pin(d, b);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.selectVictim(new MissContext()));
      assertEquals(0, s.idleRounds(), "every entry was there and pinned: no wait");
      assertTrue(s.pinnedPutBacks() >= FRAMES, "every entry was looked at: " + s.pinnedPutBacks());
    }
  }

  /**
   * Every buffer claimed by an earlier search and not given back, as other threads' misses hold
   * them while they load: both queues are empty. The search waits {@code IDLE_ROUNDS} rounds (on
   * exclusive descriptors none: the one thread holds them itself) and gives up, where it used to
   * poll the empty queues 2^22 times.
   */
  @ParameterizedTest
  @EnumSource(Sharing.class)
  void givesUpAfterBoundedRoundsWhenOtherMissesHoldEveryEntry(Sharing sharing) {
    try (Descriptors d = Descriptors.allocate(FRAMES, 1, Padding.NONE, sharing, true)) {
      S3FifoSelector s = selector(d);
      admitAll(s);
      for (int i = 0; i < FRAMES; i++) s.selectVictim(new MissContext());
      for (int b = 0; b < FRAMES; b++) assertEquals(1, BufferState.refCount(d.state(b)), "buffer " + b + " claimed");
      assertThrows(NoUnpinnedBuffersException.class, () -> s.selectVictim(new MissContext()));
      assertEquals(sharing == Sharing.SHARED ? S3FifoSelector.IDLE_ROUNDS : 0, s.idleRounds());
    }
  }

  /** Five buffers held by other misses, the other fifteen pinned in their queues: bounded, then the error. */
  @Test
  void givesUpAfterBoundedRoundsWhenEveryEntryIsPinnedOrHeld() {
    try (Descriptors d = Descriptors.allocate(FRAMES, 1, Padding.NONE, Sharing.SHARED, true)) {
      S3FifoSelector s = selector(d);
      admitAll(s);
      boolean[] held = new boolean[FRAMES];
      for (int i = 0; i < 5; i++) held[s.selectVictim(new MissContext())] = true;
      for (int b = 0; b < FRAMES; b++) if (!held[b]) pin(d, b);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.selectVictim(new MissContext()));
      assertEquals(S3FifoSelector.IDLE_ROUNDS, s.idleRounds());
      for (int b = 0; b < FRAMES; b++) assertEquals(1, BufferState.refCount(d.state(b)), "buffer " + b);
    }
  }
}
