package dev.bufmgr.eviction.lru;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * LIRS on a shared pool with two misses interleaved by hand, in orders the pool allows: a miss
 * reports the page that left its victim ({@code onEvict}) after it published the new page, so
 * another miss can load the old page elsewhere, and a hit can reach the victim, first. The pool's
 * steps are made here with {@link BufferTransitions} as {@code PoolSession.replace} makes them.
 * Afterwards, with nothing pinned, every buffer must be a victim the selector can claim: a buffer
 * none of its lists holds can never be reused.
 *
 * <p>Four buffers with {@code hir=0.5}: a LIR set of two pages and Q of two. Pages 1 and 2 load
 * as LIR into buffers 0 and 1, pages 3 and 4 as resident HIR into buffers 2 and 3 (Q [4 3]).
 */
class LirsInterleavingTest {
  private Descriptors d;
  private LirsSelector lirs;

  @BeforeEach
  void fill() {
    d = Descriptors.allocate(4, 1, Padding.NONE, Sharing.SHARED);
    lirs = new LirsSelector(d, 0.5, 2.0, "lirs");
    for (int b = 0; b < 4; b++) {
      MissContext m = miss(b + 1);
      assertTrue(BufferTransitions.tryClaim(d, b, d.state(b)));
      publish(b, b + 1, false);
      lirs.onAdmit(b, m);
      BufferTransitions.unpin(d, b);
    }
  }

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aPageLoadedElsewhereBeforeItsOldBufferReportsLeavingLeavesNoBufferUnlisted() {
    // A hit pins page 3 (buffer 2), so the miss for 5, which drops 3 from Q, takes Q's 4 instead.
    assertTrue(BufferTransitions.tryPin(d, 2, 3, lirs, AccessStrategy.NORMAL));
    MissContext first = miss(5);
    int victim = lirs.selectVictim(first);
    assertEquals(3, victim);
    publish(victim, 5, true);
    // Page 4 is gone from the mapping: a second miss loads it into S's lowest LIR buffer, page 1's,
    // and reports all of it before the first miss reports that 4 left buffer 3.
    MissContext second = miss(4);
    int other = lirs.selectVictim(second);
    assertEquals(0, other);
    publish(other, 4, true);
    lirs.onEvict(other, 1, second);
    lirs.onAdmit(other, second);
    BufferTransitions.unpin(d, other);
    lirs.onEvict(victim, 4, first);
    lirs.onAdmit(victim, first);
    BufferTransitions.unpin(d, victim);
    BufferTransitions.unpin(d, 2);
    assertEquals(Set.of(0, 1, 2, 3), claimAll());
  }

  @Test
  void aHitOnADroppedBufferAMissHasTakenLeavesItsOldPageLoadedElsewhereListed() {
    // The miss for 5 drops page 3 (buffer 2) and takes that buffer; a second miss loads 3 into
    // buffer 3 (Q's 4); then a hit for 5 reaches buffer 2 before the first miss reports that 3
    // left it. That hit must not move page 3, which buffer 3 now holds.
    MissContext first = miss(5);
    int victim = lirs.selectVictim(first);
    assertEquals(2, victim);
    publish(victim, 5, true);
    MissContext second = miss(3);
    int other = lirs.selectVictim(second);
    assertEquals(3, other);
    publish(other, 3, true);
    lirs.onEvict(other, 4, second);
    lirs.onAdmit(other, second);
    BufferTransitions.unpin(d, other);
    assertTrue(BufferTransitions.tryPin(d, victim, 5, lirs, AccessStrategy.NORMAL));
    lirs.onHit(victim, AccessStrategy.NORMAL);
    BufferTransitions.unpin(d, victim);
    lirs.onEvict(victim, 3, first);
    lirs.onAdmit(victim, first);
    BufferTransitions.unpin(d, victim);
    assertEquals(Set.of(0, 1, 2, 3), claimAll());
  }

  private MissContext miss(long page) {
    MissContext m = new MissContext();
    m.begin(page, AccessStrategy.NORMAL, 0);
    lirs.onMiss(m);
    return m;
  }

  /** {@code PoolSession.replace}'s steps up to the selector's calls: buffer {@code b}, claimed, now holds {@code page}. */
  private void publish(int b, long page, boolean hadPage) {
    assertTrue(BufferTransitions.tryInvalidate(d, b, hadPage));
    d.setTag(b, page);
    BufferTransitions.publishTag(d, b, lirs.initialUsage(AccessStrategy.NORMAL), false);
  }

  /** Claims victims, keeping each, until the selector finds none; returns the buffers claimed. */
  private Set<Integer> claimAll() {
    Set<Integer> claimed = new TreeSet<>();
    for (int i = 0; i < 4; i++) {
      try {
        claimed.add(lirs.selectVictim(new MissContext()));
      } catch (NoUnpinnedBuffersException e) {
        break;
      }
    }
    return claimed;
  }
}
