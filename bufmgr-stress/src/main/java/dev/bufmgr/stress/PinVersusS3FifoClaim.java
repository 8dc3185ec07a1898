package dev.bufmgr.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin against an S3-FIFO eviction. One buffer holds page 7, unpinned, count 0, admitted to the
 * selector's queues (with one buffer, the main FIFO). A reader pins it (the pool's hit path, count
 * 0 to 1); an evictor runs S3-FIFO's victim search and, if it claimed the buffer, takes it away
 * from its page. A count of 1 sends the page back to the main FIFO's head with count 0, and a
 * pinned candidate is put back; with every buffer pinned the search gives up. The pin and the
 * eviction must never both succeed.
 *
 * <p>Result: (pin succeeded, invalidation succeeded, pins held at the end); the outcomes are
 * {@link PinAgainstClaim}'s.
 */
@JCStressTest
@JCStressMeta(PinAgainstClaim.class)
@State
public class PinVersusS3FifoClaim {
  private final PinAgainstClaim race = new PinAgainstClaim("s3fifo");

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
