package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against a CLOCK-Pro eviction. One buffer holds page 7, a cold page, unreferenced, admitted
 * to the selector's clock. A reader pins it (the pool's hit path: the reference bit set); an
 * evictor runs CLOCK-Pro's cold hand and, if it claimed the buffer, takes it away from its page. A
 * referenced cold page is promoted; with every cold page pinned a hot page is turned cold and the
 * search looks again, and with nothing left to try it gives up. The pin and the eviction must
 * never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusClockProClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("clockpro");

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
