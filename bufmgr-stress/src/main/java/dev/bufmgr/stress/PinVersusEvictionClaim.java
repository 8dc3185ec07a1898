package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against an eviction. One buffer holds page 7, unpinned, G-CLOCK usage 0. A reader pins
 * it ({@link dev.bufmgr.core.buffer.BufferTransitions#tryPin}, the pool's hit path); an evictor runs
 * G-CLOCK's victim search on the one-buffer pool and, if it claimed the buffer, takes it away from
 * its page ({@link dev.bufmgr.core.buffer.BufferTransitions#tryInvalidate}, the pool's miss path).
 * The pin and the eviction must never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusEvictionClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("gclock");

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
