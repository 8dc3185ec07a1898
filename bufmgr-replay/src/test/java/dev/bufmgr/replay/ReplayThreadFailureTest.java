package dev.bufmgr.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.workloads.stream.BlockFeed;
import dev.bufmgr.workloads.stream.EventBlock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A failing reader thread or replay worker fails the pass with the thread's name and the cause,
 * never hangs it; a bad input's own error passes as it is (its message names the file and record).
 */
class ReplayThreadFailureTest {

  /** Pages 0, 1, 2, ... ; after {@code failAfter} fills, throws {@code fault}. */
  private static EventSource source(int failAfter, RuntimeException fault) {
    return new EventSource() {
      int fills;

      @Override
      public String name() {
        return "planted";
      }

      @Override
      public Set<EventField> carries() {
        return EnumSet.noneOf(EventField.class);
      }

      @Override
      public int fill(EventBatch batch) {
        batch.clear();
        if (fills++ >= failAfter) throw fault;
        for (int i = 0; i < batch.capacity(); i++) {
          batch.pages[i] = i;
          batch.meta[i] = 0;
        }
        batch.setSize(batch.capacity());
        return batch.capacity();
      }

      @Override
      public void close() {}
    };
  }

  /** A run that counts blocks, and throws {@code fault} at its {@code failAt}-th. */
  private static ReplayRun run(int failAt, RuntimeException fault) {
    return new ReplayRun() {
      int blocks;

      @Override
      public void accept(EventBlock block) {
        if (++blocks == failAt) throw fault;
      }

      @Override
      public ReplayResult finish(double seconds) {
        throw new AssertionError("a failed pass has no result");
      }
    };
  }

  @Test
  void aBugInTheReaderNamesTheReaderThread() {
    NullPointerException bug = new NullPointerException("planted: the reader broke");
    ThreadFailure f = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(ThreadFailure.class,
        () -> OnePassReplay.run(source(3, bug), null, List.of(run(Integer.MAX_VALUE, null)), List.of(), 2)));
    assertEquals(BlockFeed.READER_THREAD, f.thread());
    assertSame(bug, f.getCause());
    assertEquals("thread replay-reader failed: java.lang.NullPointerException: planted: the reader broke", f.getMessage());
  }

  @Test
  void aBadInputKeepsItsOwnMessage() {
    IllegalArgumentException bad = new IllegalArgumentException("t.lirs: record 7 (line 7): not an integer");
    IllegalArgumentException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(IllegalArgumentException.class,
        () -> OnePassReplay.run(source(2, bad), null, List.of(run(Integer.MAX_VALUE, null)), List.of(), 1)));
    assertSame(bad, e);
  }

  @Test
  void aBugInAWorkerNamesTheWorkerThreadAndStopsTheOthers() {
    IllegalStateException bug = new IllegalStateException("planted: a policy broke");
    List<ReplayRun> runs = List.of(run(Integer.MAX_VALUE, null), run(5, bug), run(Integer.MAX_VALUE, null));
    ThreadFailure f = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(ThreadFailure.class,
        () -> OnePassReplay.run(source(Integer.MAX_VALUE, null), null, runs, List.of(), 2)));
    assertInstanceOf(IllegalStateException.class, f.getCause());
    assertEquals("replay-1", f.thread(), "the second run is the second worker's");
  }
}
