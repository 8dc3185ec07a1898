package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.core.testing.SecondChanceFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The background writer's duty cycle driven by a test clock (bgwriter.c): a round every delay,
 * hibernation after two rounds in a row that may hibernate, and the way out of it. The rounds run
 * on {@link BgBufferSyncTest.Clock}'s 1,200 clean buffers, so the writer is never asked to write.
 * At bgwriter_delay = 10 s the minimum progress is 1,200 / (120 s / 10 s) = 100 buffers a round:
 * an idle pool is lapped in 12 rounds, after which a round finds nothing to do.
 */
class BackgroundWriterTest {
  private static final long DELAY = 10_000_000_000L;

  private final BgBufferSyncTest.Clock clock = new BgBufferSyncTest.Clock(1200);
  private final Descriptors d = Descriptors.allocate(1200, 1, Padding.NONE, Sharing.EXCLUSIVE);
  private final BgBufferSync rounds = new BgBufferSync(clock, d, new BgWriterSettings(DELAY, 100, 2.0));
  private final BufferPool unused = new BufferPool(PoolConfig.builder().frames(4).storage(StorageMode.METADATA)
      .selector("second-chance").writeBack(WriteBackHook.NONE).sharing(Sharing.EXCLUSIVE).build(), SecondChanceFactory.registry());
  private long allocated;
  private final BackgroundWriter writer = new BackgroundWriter(rounds, new BufferWriter(unused, WriteBackHook.NONE), () -> allocated, DELAY, 0);

  @AfterEach
  void close() {
    unused.close();
  }

  /** Steps an idle writer until it hibernates; returns the instant of the round that sent it to sleep. */
  private long idleUntilHibernating() {
    assertEquals(DELAY, writer.wakeAt(), "the first round one delay after the start");
    boolean previous = false;
    long now = 0;
    for (int round = 1; !writer.hibernating(); round++) {
      assertTrue(round <= 14, "12 rounds lap the pool, the 13th and 14th find nothing to do");
      now = writer.wakeAt();
      assertEquals(round * DELAY, now);
      assertEquals(BackgroundWriter.WAIT, writer.step(now));
      boolean may = rounds.mayHibernate();
      assertEquals(previous && may, writer.hibernating(), "round " + round + ": hibernates after the second such round in a row");
      previous = may;
    }
    assertEquals(now + DELAY, writer.wakeAt(), "it still looks each delay whether a buffer was allocated");
    return now;
  }

  @Test
  void anAllocationEndsHibernationAtTheNextDelayBoundary() {
    long asleep = idleUntilHibernating();
    long begun = rounds.rounds();
    for (int i = 1; i <= 5; i++) {
      long now = writer.wakeAt();
      assertEquals(asleep + i * DELAY, now);
      assertEquals(BackgroundWriter.WAIT, writer.step(now));
      assertEquals(begun, rounds.rounds(), "no allocation: no round");
      assertTrue(writer.hibernating());
    }
    allocated += 3;
    writer.step(writer.wakeAt());
    assertEquals(begun + 1, rounds.rounds(), "the allocation woke it");
    assertFalse(writer.hibernating());
    assertEquals(3, rounds.buffersAlloc());
  }

  @Test
  void withoutAllocationsTheWriterSleepsHibernateFactorDelays() {
    long asleep = idleUntilHibernating();
    long begun = rounds.rounds();
    while (writer.wakeAt() < asleep + BackgroundWriter.HIBERNATE_FACTOR * DELAY) {
      writer.step(writer.wakeAt());
      assertEquals(begun, rounds.rounds());
    }
    assertEquals(asleep + 50 * DELAY, writer.wakeAt(), "HIBERNATE_FACTOR is 50");
    writer.step(writer.wakeAt());
    assertEquals(begun + 1, rounds.rounds(), "the long sleep ended: a round");
  }
}
