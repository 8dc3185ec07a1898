package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One hand per descriptor stripe (after Tomas Vondra's partitioned clock sweep patch discussed in
 * seeds/002): each thread is given a home stripe, sweeps it with that stripe's hand (B ticks per
 * atomic add), and after a whole lap of a stripe without finding a victim steals from the next
 * stripe. With one stripe it behaves as {@link BatchedHand}. On {@link Sharing#EXCLUSIVE}
 * descriptors it serves one thread: one cursor, and plain adds.
 */
public final class PartitionedHand implements ClockHand {
  private final Descriptors descriptors;
  private final int batch;
  private final PaddedCounter[] positions;
  private final AtomicInteger nextHome = new AtomicInteger();
  private final Cursors<Cursor> cursors;

  /**
   * @param descriptors the pool's descriptors, whose stripes the hand follows
   * @param batch ticks claimed per atomic add, at least 1
   */
  public PartitionedHand(Descriptors descriptors, int batch) {
    if (batch < 1) throw new IllegalArgumentException("batch must be at least 1, got " + batch);
    this.descriptors = descriptors;
    this.batch = batch;
    this.positions = new PaddedCounter[descriptors.stripes()];
    for (int s = 0; s < positions.length; s++) positions[s] = new PaddedCounter(descriptors.sharing());
    this.cursors = new Cursors<>(descriptors.sharing(), Cursor::new);
  }

  @Override
  public HandCursor cursor() {
    return cursors.get();
  }

  @Override
  public String describe() {
    return "partitioned(" + positions.length + " stripes, batch " + batch + ")";
  }

  @Override
  public int sweeps() {
    return positions.length;
  }

  @Override
  public int sweepStart(int sweep) {
    return descriptors.stripeStart(sweep);
  }

  @Override
  public int sweepLength(int sweep) {
    return descriptors.stripeEnd(sweep) - descriptors.stripeStart(sweep);
  }

  /**
   * {@inheritDoc} An exclusive hand knows its one cursor's ticks not yet examined, so its
   * position is exact.
   */
  @Override
  public long position(int sweep) {
    Cursor only = cursors.exclusive();
    long p = positions[sweep].get();
    return only != null && only.stripe == sweep ? p - only.remaining : p;
  }

  private final class Cursor implements HandCursor {
    private final int home = Math.floorMod(nextHome.getAndIncrement(), positions.length);
    private int stripe = home;
    private int start = descriptors.stripeStart(home);
    private int end = descriptors.stripeEnd(home);
    private int buffer;
    private int remaining;
    private int ticksInStripe;

    @Override
    public void beginSearch() {
      if (stripe != home) moveTo(home);
      ticksInStripe = 0;
    }

    @Override
    public int next() {
      if (ticksInStripe >= end - start) {
        if (positions.length > 1) moveTo(stripe + 1 == positions.length ? 0 : stripe + 1);
        else ticksInStripe = 0;
      }
      if (remaining == 0) {
        buffer = start + (int) (positions[stripe].getAndAdd(batch) % (end - start));
        remaining = batch;
      }
      int b = buffer;
      buffer = b + 1 == end ? start : b + 1;
      remaining--;
      ticksInStripe++;
      return b;
    }

    private void moveTo(int s) {
      stripe = s;
      start = descriptors.stripeStart(s);
      end = descriptors.stripeEnd(s);
      remaining = 0;
      ticksInStripe = 0;
    }
  }
}
