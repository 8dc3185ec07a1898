package dev.bufmgr.workloads.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import java.util.Set;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

/** The feed's blocks: made as the reader needs them, and a failure while reading is never an end. */
class BlockFeedTest {
  /** Pages 0, 1, 2, ... in batches as large as the batch allows; {@code thrown} on fill number {@code failingFill}. */
  private static final class CountingSource implements EventSource {
    final long events;
    final int failingFill;
    final Error thrown;
    long next;
    int fills;

    CountingSource(long events, int failingFill, Error thrown) {
      this.events = events;
      this.failingFill = failingFill;
      this.thrown = thrown;
    }

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public Set<EventField> carries() {
      return Set.of();
    }

    @Override
    public int fill(EventBatch batch) {
      if (++fills == failingFill) throw thrown;
      batch.clear();
      while (next < events && batch.size() < batch.capacity()) batch.add(next++, 0);
      return batch.size();
    }

    @Override
    public void close() {}
  }

  @Test
  void aShortInputMakesOnlyTheBlocksItFillsAndDeliversEveryPageInOrder() {
    long events = 3L * BlockFeed.BLOCK_CAPACITY - 5;
    IdleStrategy idle = new BackoffIdleStrategy();
    try (BlockFeed feed = new BlockFeed(new CountingSource(events, -1, null), 1, null)) {
      feed.start();
      long expected = 0;
      for (EventBlock b; (b = feed.take(0, idle)) != null; ) {
        assertEquals(expected, b.first());
        for (int i = 0; i < b.size(); i++) assertEquals(expected + i, b.pages()[i]);
        expected += b.size();
        feed.release(b);
      }
      assertEquals(events, expected);
      // Three blocks filled, and at most one more for the fill that found the end.
      assertTrue(feed.blocksMade() >= 1 && feed.blocksMade() <= 4, "blocks made: " + feed.blocksMade());
    }
  }

  @Test
  void aLongInputNeverHoldsMoreThanTheBoundInBlocks() {
    long events = 50L * BlockFeed.BLOCK_CAPACITY;
    IdleStrategy idle = new BackoffIdleStrategy();
    try (BlockFeed feed = new BlockFeed(new CountingSource(events, -1, null), 1, null)) {
      feed.start();
      long seen = 0;
      for (EventBlock b; (b = feed.take(0, idle)) != null; ) {
        seen += b.size();
        feed.release(b);
      }
      assertEquals(events, seen);
      assertTrue(feed.blocksMade() <= BlockFeed.BLOCKS, "blocks made: " + feed.blocksMade());
    }
  }

  @Test
  void anErrorWhileReadingReachesTheConsumerInsteadOfAnEarlyEnd() {
    OutOfMemoryError thrown = new OutOfMemoryError("no room for a block");
    IdleStrategy idle = new BackoffIdleStrategy();
    try (BlockFeed feed = new BlockFeed(new CountingSource(10L * BlockFeed.BLOCK_CAPACITY, 2, thrown), 1, null)) {
      feed.start();
      EventBlock first = feed.take(0, idle);
      assertEquals(BlockFeed.BLOCK_CAPACITY, first.size());
      feed.release(first);
      ThreadFailure f = assertThrows(ThreadFailure.class, () -> feed.take(0, idle));
      assertSame(thrown, f.getCause());
      assertEquals(BlockFeed.READER_THREAD, f.thread());
    }
  }

  @Test
  void anEmptyInputEndsAtOnce() {
    try (BlockFeed feed = new BlockFeed(new CountingSource(0, -1, null), 1, null)) {
      feed.start();
      assertNull(feed.take(0, new BackoffIdleStrategy()));
    }
  }
}
