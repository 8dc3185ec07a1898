package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The checkpointer's triggers and schedule, and the settings of both writers, by hand. */
class WriterSettingsTest {
  private static final long SEG = CheckpointSettings.SEGMENT_BYTES;
  private static final long S = 1_000_000_000L;

  @Test
  void checkPointSegmentsAndTheWalTriggerFollowXlogC() {
    CheckpointSettings d = CheckpointSettings.DEFAULTS;
    assertEquals(33, d.checkpointSegments(), "1 GB is 64 segments; 64 / 1.9 = 33.7, truncated");
    long redo = 5 * SEG + 100;
    assertFalse(d.walDue(36, redo), "finishing segment 36: not yet 5 + 33 - 1 = 37");
    assertTrue(d.walDue(37, redo), "finishing segment 37: due");
    CheckpointSettings small = new CheckpointSettings(S, 2 * SEG, 1.0);
    assertEquals(1, small.checkpointSegments());
    assertTrue(small.walDue(5, redo), "one segment: every segment finished after the redo point's asks for one");
    assertFalse(small.walDue(4, redo));
    assertFalse(CheckpointSettings.plain(S).walDue(Long.MAX_VALUE / 8, 0), "a plain checkpoint never follows the log");
  }

  @Test
  void onScheduleAgainstTimeAndLogVolume() {
    CheckpointSettings c = new CheckpointSettings(300 * S, 1L << 30, 0.9);
    long redo = 0;
    // Half the buffers processed: 0.5 x 0.9 = 0.45 of the interval.
    assertTrue(c.onSchedule(0.5, 100 * S, 10 * SEG, redo), "100 s of 300 (0.33) and 10 of 33 segments (0.30)");
    assertFalse(c.onSchedule(0.5, 140 * S, 10 * SEG, redo), "140 s of 300 is 0.467: behind in time");
    assertFalse(c.onSchedule(0.5, 100 * S, 20 * SEG, redo), "20 of 33 segments is 0.606: behind in log volume");
    CheckpointSettings timeOnly = CheckpointSettings.plain(10 * S);
    assertFalse(timeOnly.onSchedule(0.99, 1, Long.MAX_VALUE / 8, redo), "target 0: never ahead once time has passed");
  }

  @Test
  void parsingAndRefusals() {
    CheckpointSettings c = CheckpointSettings.parse("timeout=30s,maxWal=512MB,completionTarget=0.5");
    assertEquals(30 * S, c.timeoutNanos());
    assertEquals(512L << 20, c.maxWalBytes());
    assertEquals(0.5, c.completionTarget());
    assertEquals(CheckpointSettings.DEFAULTS, CheckpointSettings.parse("timeout=5min"));
    assertNull(CheckpointSettings.parse("off"));
    String[][] bad = {
      {"completionTarget=1.5", "completionTarget must lie in 0..1"},
      {"timeout=0s", "timeout must be positive"},
      {"maxWal=1MB", "at least two 16 MiB segments"},
      {"maxWal=lots", "not a size"},
      {"nope=1", "nope"},
    };
    for (String[] b : bad) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CheckpointSettings.parse(b[0]));
      assertTrue(e.getMessage().contains("--checkpoint") && e.getMessage().contains(b[1]), e.getMessage());
    }
    assertEquals(BgWriterSettings.DEFAULTS, BgWriterSettings.parse("delay=200ms,maxPages=100,multiplier=2.0"));
    assertEquals(BgWriterSettings.DEFAULTS, BgWriterSettings.parse("on"));
    assertNull(BgWriterSettings.parse("off"));
    String[][] badWriter = {
      {"delay=-1ms", "delay"},
      {"delay=5ms", "10ms..10s"},
      {"maxPages=0", "maxPages must be at least 1"},
      {"multiplier=11", "multiplier must lie in 0..10"},
    };
    for (String[] b : badWriter) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BgWriterSettings.parse(b[0]));
      assertTrue(e.getMessage().contains("--bgwriter") && e.getMessage().contains(b[1]), e.getMessage());
    }
  }
}
