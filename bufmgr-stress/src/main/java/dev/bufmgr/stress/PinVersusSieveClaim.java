package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against a SIEVE eviction. One buffer holds page 7, unpinned, unvisited, admitted to the
 * selector's queue. A reader pins it (the pool's hit path: the visited bit set); an evictor runs
 * SIEVE's hand and, if it claimed the buffer, takes it away from its page. A visited buffer has its
 * bit cleared and is passed, a pinned one is passed untouched, and after as many pinned buffers in
 * a row as the queue holds the search gives up. The pin and the eviction must never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusSieveClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("sieve");

  @Actor
  public void reader(ZZI_Result r) {
    r.r1 = race.pin();
  }

  @Actor
  public void evictor(ZZI_Result r) {
    r.r2 = race.evict();
  }

  @Arbiter
  public void pinsLeft(ZZI_Result r) {
    r.r3 = race.pinsLeft();
  }
}
