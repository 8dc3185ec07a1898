package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.StripePlacement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One hand per descriptor stripe (after Tomas Vondra's partitioned clock sweep patch discussed in
 * seeds/002): each thread is given a home stripe (by the descriptors' {@link
 * StripePlacement#homeStripe}, by default round-robin in the order the threads make their
 * cursors; an empty home stripe gives way to the next that holds buffers), sweeps it with that
 * stripe's hand (B ticks per atomic add), and after a whole lap of a stripe without finding a
 * victim steals from the next
 * stripe, in a fixed order from its home (home, home + 1, ..., wrapping; empty stripes skipped).
 * With one stripe it behaves as {@link BatchedHand}. On {@link Sharing#EXCLUSIVE} descriptors it
 * serves one thread: one cursor, and plain adds.
 *
 * <p><b>Giving up.</b> PostgreSQL's {@code StrategyGetBuffer} (freelist.c) gives up with "no
 * unpinned buffers available" only after a full {@code trycounter} of NBuffers pinned ticks in a
 * row, reset on every usage decrement: one hand over all buffers has then come round to every
 * buffer once since the last progress. N ticks of a partitioned cursor promise no such thing: a
 * lap's ticks come from the stripe's shared hand, so other threads' ticks take positions in
 * between, and the part of a batch claimed and not swept when the cursor leaves a stripe is
 * skipped, so a lap of a stripe's length can miss buffers of that stripe, and N ticks counted
 * from a decrement do not bring the cursor back round to the buffer it decremented. So a lap in
 * which every tick found its buffer pinned is followed by a check of that stripe's buffers one by
 * one, first to last, without touching the shared hand (the same rule applies to each: age,
 * claim, or pass if pinned); the search gives up only when the checks of all stripes in a row,
 * since it last aged a buffer, found every buffer pinned: every buffer has then been looked at
 * at least once, at most 2N ticks. A lap that aged a buffer steals on without a check, so with no
 * buffer pinned (single-threaded replay) the ticks are those of the plain partitioned sweep.
 */
public final class PartitionedHand implements ClockHand {
  private final Descriptors descriptors;
  private final int batch;
  private final PaddedCounter[] positions;
  private final AtomicInteger nextHome = new AtomicInteger();
  /** Per stripe, the next stripe that holds buffers, in the fixed order from it. */
  private final int[] following;
  /** Stripes that hold buffers. */
  private final int nonEmpty;
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
    int stripes = positions.length;
    int held = 0;
    for (int s = 0; s < stripes; s++) if (sweepLength(s) > 0) held++;
    this.nonEmpty = held;
    this.following = new int[stripes];
    for (int s = 0; s < stripes; s++) {
      int n = (s + 1) % stripes;
      while (sweepLength(n) == 0) n = (n + 1) % stripes;
      following[s] = n;
    }
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

  /** The placement's home stripe for the calling thread's new cursor. */
  private int homeStripe() {
    int stripes = positions.length;
    int home = descriptors.placement().homeStripe(stripes, nextHome.getAndIncrement());
    if (home < 0 || home >= stripes) {
      throw new IllegalStateException(
          "placement " + descriptors.placement() + " gave home stripe " + home + ", outside 0.." + (stripes - 1));
    }
    return home;
  }

  /** Stripe {@code s} if it holds buffers, else the next one that does. */
  private int holding(int s) {
    return sweepLength(s) > 0 ? s : following[s];
  }

  private final class Cursor implements HandCursor {
    private final int home = holding(homeStripe());
    private int stripe = home;
    private int start = descriptors.stripeStart(home);
    private int end = descriptors.stripeEnd(home);
    /** The next buffer of the batch claimed from the current stripe's hand, and how many are left. */
    private int buffer;
    private int remaining;
    /** Ticks in the current lap (shared hand) or check (buffer by buffer) of the current stripe. */
    private int ticksInStripe;
    /** Ticks of the current lap or check that found their buffer pinned. */
    private int pinnedInStripe;
    /** Whether the cursor is checking the current stripe buffer by buffer after an all-pinned lap. */
    private boolean checking;
    /** Stripes in a row whose check found every buffer pinned, since the search began or last aged one. */
    private int stripesAllPinned;

    @Override
    public void beginSearch() {
      if (stripe != home) moveTo(home);
      else startLap();
      stripesAllPinned = 0;
    }

    @Override
    public int next() {
      if (ticksInStripe >= end - start) {
        if (!checking && pinnedInStripe == end - start) {
          checking = true;
          ticksInStripe = 0;
          pinnedInStripe = 0;
        } else {
          moveTo(following[stripe]);
        }
      }
      ticksInStripe++;
      if (checking) return start + ticksInStripe - 1;
      if (remaining == 0) {
        buffer = start + (int) (positions[stripe].getAndAdd(batch) % (end - start));
        remaining = batch;
      }
      int b = buffer;
      buffer = b + 1 == end ? start : b + 1;
      remaining--;
      return b;
    }

    @Override
    public boolean pinned() {
      if (++pinnedInStripe < end - start || !checking) return false;
      return ++stripesAllPinned >= nonEmpty;
    }

    @Override
    public void aged() {
      stripesAllPinned = 0;
    }

    /** Goes to stripe {@code s} for a new lap; a batch claimed from the stripe it leaves is dropped. */
    private void moveTo(int s) {
      if (s != stripe) {
        stripe = s;
        start = descriptors.stripeStart(s);
        end = descriptors.stripeEnd(s);
        remaining = 0;
      }
      startLap();
    }

    private void startLap() {
      ticksInStripe = 0;
      pinnedInStripe = 0;
      checking = false;
    }
  }
}
