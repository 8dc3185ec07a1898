package dev.bufmgr.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two evictions at once through S3-FIFO's queues. Two buffers, S3-FIFO from the registry with
 * {@code small=0.5} (S's share one buffer, M's one). Buffer 0 holds page 7 in the small FIFO S
 * with count 2 (the threshold: it moves to M when it reaches S's tail); buffer 1 holds page 8 in
 * the main FIFO M with count 0. Two evictors each run the victim search, take the victim from its
 * page and re-tag it for a page of their own (pages 20 and 21), telling the selector of the
 * eviction and the miss as the pool does; they keep their pins. Both start in S (S holds its
 * share, M does not exceed its own): one polls buffer 0 and moves it to M's head with count 0,
 * then takes M's tail; the other finds S empty while buffer 0 still counts in it, waits for the
 * move, and takes what M has left. The queues are locked arrays of (buffer, generation) entries,
 * and a buffer's queue and generation change by CAS.
 *
 * <p>Each evictor must get a victim, never the same one; afterwards each buffer holds an evictor's
 * new page, so each must be listed exactly once in S and M together (counted through the
 * selector's cleaning view, which walks both queues' current entries): never in two queues,
 * never twice, never dropped.
 *
 * <p>Result: (first evictor's victim, second's, entries listing buffer 0 * 10 + those listing
 * buffer 1).
 */
@JCStressTest
@Outcome(id = "1, 0, 11", expect = ACCEPTABLE,
    desc = "The first evictor moved buffer 0 to M and took buffer 1 from M's tail (or polled S first only); the second took buffer 0 after the move.")
@Outcome(id = "0, 1, 11", expect = ACCEPTABLE,
    desc = "The second evictor moved buffer 0 and took buffer 1, or took buffer 1 before the first reached M; the first took buffer 0.")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "Both evictors claimed buffer 0.")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "Both evictors claimed buffer 1.")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "The first evictor gave up though a buffer was left to it.")
@Outcome(id = ".*, -1, .*", expect = FORBIDDEN, desc = "The second evictor gave up though a buffer was left to it.")
@Outcome(expect = FORBIDDEN,
    desc = "A buffer listed in both queues, twice in one, or in none: the selector lost track of a resident page.")
@State
public class S3FifoTwoEvictors {
  private final Descriptors descriptors = StressBuffers.take(2, 1);
  private final VictimSelector selector;
  private final MissContext first = new MissContext();
  private final MissContext second = new MissContext();

  public S3FifoTwoEvictors() {
    StressBuffers.install(descriptors, 0, 7, 0, 2);
    StressBuffers.install(descriptors, 1, 8, 0, 0);
    selector = StressBuffers.selector("s3fifo:small=0.5", descriptors);
    admit(0, 7);
    admit(1, 8);
  }

  private void admit(int b, long page) {
    MissContext loaded = new MissContext();
    loaded.begin(page, AccessStrategy.NORMAL, 0);
    selector.onMiss(loaded);
    selector.onAdmit(b, loaded);
  }

  @Actor
  public void firstEvictor(III_Result r) {
    r.r1 = evict(first, 20);
  }

  @Actor
  public void secondEvictor(III_Result r) {
    r.r2 = evict(second, 21);
  }

  /** The eviction of a miss for {@code page}: the victim, re-tagged and pinned, or -1. */
  private int evict(MissContext miss, long page) {
    int victim = StressBuffers.claimVictim(selector, miss, page);
    if (victim < 0) return -1;
    long oldPage = descriptors.tag(victim);
    if (!BufferTransitions.tryInvalidate(descriptors, victim, true)) return -2;
    StressBuffers.retag(descriptors, selector, miss, victim, oldPage, page);
    return victim;
  }

  @Arbiter
  public void listings(III_Result r) {
    CleaningView view = selector.cleaningView();
    int[] listed = new int[2];
    for (int sweep = 0; sweep < view.sweeps(); sweep++) {
      long start = view.position(sweep);
      for (long p = start; p < start + view.length(sweep); p++) {
        int b = view.bufferAt(sweep, p);
        if (b >= 0) listed[b]++;
      }
    }
    r.r3 = listed[0] * 10 + listed[1];
    StressBuffers.giveBack(descriptors);
  }
}
