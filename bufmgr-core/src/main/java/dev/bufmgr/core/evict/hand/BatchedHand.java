package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Sharing;

/**
 * One hand over all buffers, advanced by B ticks per atomic add: a thread claims B consecutive
 * positions with one fetch-and-add and sweeps them alone (the batched clock sweep of the
 * pgsql-hackers thread, seeds/002). B = 1 is PostgreSQL's stock hand: one atomic add per tick.
 * An {@link Sharing#EXCLUSIVE} hand serves one thread: one cursor, and plain adds.
 */
public final class BatchedHand implements ClockHand {
  private final int frames;
  private final int batch;
  private final PaddedCounter position;
  private final boolean exclusive;
  private final Cursors<Cursor> cursors;

  /** A {@link Sharing#SHARED} hand (see the three-argument constructor). */
  public BatchedHand(int frames, int batch) {
    this(frames, batch, Sharing.SHARED);
  }

  /**
   * @param frames the number of buffers swept
   * @param batch ticks claimed per atomic add, at least 1
   * @param sharing whether many threads sweep or one
   */
  public BatchedHand(int frames, int batch, Sharing sharing) {
    if (frames < 1) throw new IllegalArgumentException("frames must be at least 1, got " + frames);
    if (batch < 1) throw new IllegalArgumentException("batch must be at least 1, got " + batch);
    this.frames = frames;
    this.batch = batch;
    this.position = new PaddedCounter(sharing);
    this.exclusive = sharing == Sharing.EXCLUSIVE;
    this.cursors = new Cursors<>(sharing, Cursor::new);
  }

  @Override
  public HandCursor cursor() {
    return cursors.get();
  }

  /** Ticks claimed so far by all threads (a measure of sweep work). */
  public long ticksClaimed() {
    return position.get();
  }

  @Override
  public String describe() {
    return batch == 1 ? "stock" : "batched(" + batch + ")";
  }

  @Override
  public int sweeps() {
    return 1;
  }

  @Override
  public int sweepStart(int sweep) {
    return 0;
  }

  @Override
  public int sweepLength(int sweep) {
    return frames;
  }

  /**
   * {@inheritDoc} An exclusive hand knows its one cursor's ticks not yet examined, so its
   * position is exact.
   */
  @Override
  public long position(int sweep) {
    Cursor only = cursors.exclusive();
    return only == null ? position.get() : position.get() - only.remaining;
  }

  private final class Cursor implements HandCursor {
    private int buffer;
    private int remaining;
    /** PostgreSQL's {@code trycounter}: pinned ticks left before the search gives up. */
    private int tryCounter = frames;

    @Override
    public void beginSearch() {
      tryCounter = frames;
    }

    /** {@inheritDoc} After N pinned ticks in a row, as {@code StrategyGetBuffer} (freelist.c). */
    @Override
    public boolean pinned() {
      return --tryCounter == 0;
    }

    @Override
    public void aged() {
      tryCounter = frames;
    }

    /**
     * {@inheritDoc} An exclusive hand's one cursor takes every position in turn, so each batch
     * begins where its last ended and only a shared hand's cursor divides its claimed position.
     */
    @Override
    public int next() {
      if (remaining == 0) {
        long claimed = position.getAndAdd(batch);
        if (!exclusive) buffer = (int) (claimed % frames);
        remaining = batch;
      }
      int b = buffer;
      buffer = b + 1 == frames ? 0 : b + 1;
      remaining--;
      return b;
    }
  }
}
