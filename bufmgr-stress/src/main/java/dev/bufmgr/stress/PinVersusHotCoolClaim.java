package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against a HOT/COOL eviction. One buffer holds page 7, unpinned, COOL. A reader pins it (the
 * pool's hit path, which makes it HOT); an evictor runs HOT/COOL's victim search (stock hand) on
 * the one-buffer pool and, if it claimed the buffer, takes it away from its page. The pin and the
 * eviction must never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusHotCoolClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("hotcool:batch=1");

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
