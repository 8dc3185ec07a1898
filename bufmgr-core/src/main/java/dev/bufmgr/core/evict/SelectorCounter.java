package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.Sharing;
import java.util.concurrent.atomic.LongAdder;

/**
 * One count a selector keeps of its own events (S3-FIFO's moves to its main queue, 2Q's ghost
 * hits), published through {@link VictimSelector#counters()}. On a {@link Sharing#SHARED} pool it
 * is a {@link LongAdder}, safe from any thread; on an {@link Sharing#EXCLUSIVE} pool a plain field,
 * so exact replay pays one add.
 */
public abstract sealed class SelectorCounter permits SelectorCounter.Plain, SelectorCounter.Striped {

  /** A counter fit for a pool of the given sharing. */
  public static SelectorCounter forSharing(Sharing sharing) {
    return sharing == Sharing.EXCLUSIVE ? new Plain() : new Striped();
  }

  /** Counts one event. */
  public abstract void increment();

  /** The events counted so far; exact once the pool's threads have stopped. */
  public abstract long sum();

  static final class Plain extends SelectorCounter {
    private long count;

    @Override
    public void increment() {
      count++;
    }

    @Override
    public long sum() {
      return count;
    }
  }

  static final class Striped extends SelectorCounter {
    private final LongAdder count = new LongAdder();

    @Override
    public void increment() {
      count.increment();
    }

    @Override
    public long sum() {
      return count.sum();
    }
  }
}
