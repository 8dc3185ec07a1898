package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against an ARC eviction. One buffer holds page 7, unpinned, in T1, admitted to the
 * selector's lists. A reader pins it (the pool's pin; the move to T2 the pool's hit notification
 * would make is not part of this race); an evictor runs ARC's REPLACE and, if it claimed the
 * buffer, takes it away from its page. A list pinned from end to end sends the search to the other
 * list, and with both pinned it gives up. The pin and the eviction must never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusArcClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("arc");

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
