package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.StoredPages;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The checkpointer's state machine driven by a test clock: the instants are the test's, every
 * write and the data file's force are instant, and the expected figures follow PostgreSQL's rules
 * worked by hand (checkpointer.c, xlog.c).
 */
class CheckpointerTest {
  private static final long MS = 1_000_000;
  private static final long S = 1_000 * MS;
  private static final long SEGMENT = CheckpointSettings.SEGMENT_BYTES;

  private final BufferPool pool = new BufferPool(PoolConfig.builder().frames(16).storage(StorageMode.METADATA)
      .selector("second-chance").writeBack(WriteBackHook.NONE).sharing(Sharing.EXCLUSIVE).build(), SecondChanceFactory.registry());
  private final PoolSession session = pool.openSession();
  private final VirtualWal wal = new VirtualWal(LogFormat.FIRST_LSN);
  private final StoredPages stored = new StoredPages(false);
  private final CheckpointStats stats = new CheckpointStats();
  private final BufferWriter writer = new BufferWriter(pool, WriteBackHook.NONE);

  @AfterEach
  void close() {
    session.close();
    pool.close();
  }

  private Checkpointer checkpointer(CheckpointSettings settings) {
    return new Checkpointer(settings, pool.descriptors(), writer, wal, stored, stats, 0);
  }

  /** Changes pages {@code 0..n-1}, logging a record for each: they are dirty. */
  private void dirty(int n) {
    for (long page = 0; page < n; page++) {
      int b = session.pin(page, AccessStrategy.NORMAL, 0);
      session.markDirty(b, wal.insertPageChange(page, 0, 100, 0));
      session.unpin(b);
    }
  }

  /** Logs {@code bytes} more in records of 1 MiB and makes the log durable to its end. */
  private void logAndFlush(long bytes) {
    for (long left = bytes; left > 0; left -= 1 << 20) wal.insertPageChange(999, 0, (int) Math.min(left, 1 << 20), 0);
    wal.flushedTo(wal.insertLsn());
  }

  /** Makes the write a step asked for: the log first, then the page, instantly. */
  private void write() {
    if (writer.lsn() > wal.flushedLsn()) wal.flushedTo(writer.lsn());
    stored.written(writer.page(), writer.lsn(), wal.flushedLsn());
  }

  /** Steps at {@code now} through every instant action until the checkpointer waits or completes; returns the actions. */
  private List<Integer> run(Checkpointer c, long now) {
    List<Integer> actions = new ArrayList<>();
    int a = c.step(now);
    actions.add(a);
    while (a == Checkpointer.WRITE || a == Checkpointer.SYNC) {
      if (a == Checkpointer.WRITE) write();
      a = c.step(now);
      actions.add(a);
    }
    return actions;
  }

  @Test
  void theTimerStartsACheckpointOneTimeoutAfterTheLastStart() {
    Checkpointer c = checkpointer(new CheckpointSettings(60 * S, CheckpointSettings.NO_WAL_LIMIT, 0));
    dirty(3);
    assertEquals(60 * S, c.timedAt());
    assertFalse(c.startDue(), "nothing before the timeout");
    c.timerFired();
    assertTrue(c.startDue());
    assertEquals(List.of(Checkpointer.WRITE, Checkpointer.WRITE, Checkpointer.WRITE, Checkpointer.SYNC, Checkpointer.COMPLETED),
        run(c, 60 * S));
    assertEquals(1, stats.snapshot().timed());
    assertEquals(0, stats.snapshot().requested());
    assertEquals(3, stats.snapshot().buffersWritten());
    assertEquals(120 * S, c.timedAt(), "checkpoint_timeout after the start, not after the end");
    assertFalse(c.startDue());
  }

  @Test
  void theLogsVolumeStartsACheckpointAtCheckPointSegmentsLessOne() {
    // max_wal_size of 4 segments at completion target 0.5: CheckPointSegments = (int) (4 / 1.5) = 2,
    // so XLogCheckpointNeeded asks once a segment at least 2 - 1 = 1 past the redo point's (0) is finished.
    Checkpointer c = checkpointer(new CheckpointSettings(3600 * S, 4 * SEGMENT, 0.5));
    dirty(2);
    logAndFlush(SEGMENT);
    c.logFlushed();
    assertFalse(c.startDue(), "segment 0 finished: not yet");
    logAndFlush(SEGMENT);
    c.logFlushed();
    assertTrue(c.startDue(), "segment 1 finished");
    assertEquals(Checkpointer.WRITE, c.step(10 * S));
    assertEquals(1, stats.snapshot().requested(), "a checkpoint the log asks for counts as requested");
    assertEquals(0, stats.snapshot().timed());
    assertEquals(wal.insertLsn() - LogFormat.CHECKPOINT_LENGTH, c.redo(), "the redo point is where the log stood");
  }

  @Test
  void aRequestStartsAnImmediateCheckpointAndOneArrivingMeanwhileIsServedByTheNext() {
    // A paced configuration (target 0.9, a long timeout) that would sleep after every buffer.
    Checkpointer c = checkpointer(new CheckpointSettings(3600 * S, CheckpointSettings.NO_WAL_LIMIT, 0.9));
    dirty(4);
    c.request();
    assertTrue(c.startDue());
    assertEquals(Checkpointer.WRITE, c.step(0));
    write();
    c.request();
    assertFalse(c.startDue(), "one runs");
    List<Integer> rest = run(c, 0);
    assertEquals(List.of(Checkpointer.WRITE, Checkpointer.WRITE, Checkpointer.WRITE, Checkpointer.SYNC, Checkpointer.COMPLETED), rest,
        "immediate: no sleep between the writes");
    assertEquals(1, c.requestsServed(), "the second request came after the start");
    assertTrue(c.startDue());
    assertEquals(List.of(Checkpointer.SYNC, Checkpointer.COMPLETED), run(c, 0), "nothing dirty any more");
    assertEquals(2, c.requestsServed());
    assertEquals(2, stats.snapshot().requested());
    assertEquals(2, stats.snapshot().done());
  }

  @Test
  void aPacedCheckpointSleepsWhenAheadOfScheduleAndNotWhenBehind() {
    // checkpoint_timeout 10 s, target 0.5, no log limit: IsCheckpointOnSchedule compares
    // 0.5 x (buffers processed / 4) with the time elapsed / 10 s.
    Checkpointer c = checkpointer(new CheckpointSettings(10 * S, CheckpointSettings.NO_WAL_LIMIT, 0.5));
    dirty(4);
    c.timerFired();
    long start = 10 * S;
    assertEquals(Checkpointer.WRITE, c.step(start));
    write();
    assertEquals(Checkpointer.WAIT, c.step(start), "0.5 x 1/4 = 0.125 >= 0 s / 10 s: ahead, sleep");
    assertEquals(start + CheckpointSettings.DELAY_NANOS, c.wakeAt(), "CheckpointWriteDelay sleeps 100 ms");
    assertEquals(Checkpointer.WRITE, c.step(c.wakeAt()));
    write();
    long late = start + 3 * S;
    assertEquals(Checkpointer.WRITE, c.step(late), "0.5 x 2/4 = 0.25 < 3 s / 10 s = 0.3: behind, the next write at once");
    write();
    assertEquals(Checkpointer.WAIT, c.step(late), "0.5 x 3/4 = 0.375 >= 0.3: ahead again");
    assertEquals(late + CheckpointSettings.DELAY_NANOS, c.wakeAt());
  }

  @Test
  void aPacedCheckpointAlsoFollowsTheLogsSchedule() {
    // max_wal_size of 4 segments at target 0.5: CheckPointSegments = 2; with half a segment logged
    // since the redo point, elapsed_xlogs = 0.5 / 2 = 0.25, above 0.5 x 1/4: behind, no sleep.
    Checkpointer c = checkpointer(new CheckpointSettings(3600 * S, 4 * SEGMENT, 0.5));
    dirty(4);
    c.timerFired();
    assertEquals(Checkpointer.WRITE, c.step(0));
    write();
    logAndFlush(SEGMENT / 2);
    assertEquals(Checkpointer.WRITE, c.step(0), "behind the log's schedule");
  }
}
