package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The task estimate covers the facts pass as well as the replay. */
class TaskMemoryTest {
  /**
   * The facts pass's most bytes per distinct page by its structures' documented layouts, worked
   * out here from those layouts at their worst growth step: StackDistances' map (16-byte slots,
   * resized past a load of 0.65, so 16 / (0.65 / 2) = 49.2 bytes), its latest slot and request
   * count arrays (4 and 8, doubled: 24), owner and tree cells (at most twice the pages' slots of 4
   * bytes each: 16) and histogram (8, doubled: 16); FactsCounter's set (8-byte slots at the same
   * load: 24.6); the profile's copy of the counts and their ranking (16).
   */
  private static final double WORST_PER_PAGE = 16 / 0.325 + 24 + 16 + 16 + 8 / 0.325 + 16;

  @Test
  void aSmallShareOfALargeFootprintIsEstimatedByItsFactsPass() {
    long footprint = 50_000_000;
    long estimate = TaskMemory.estimate(List.of("s3fifo", "lru"), List.of(footprint / 100), footprint);
    long facts = estimate - TaskMemory.FIXED;
    assertTrue(facts >= WORST_PER_PAGE * footprint, "facts pass " + facts + " bytes, its structures' worst "
        + (long) (WORST_PER_PAGE * footprint));
    assertTrue(facts <= 2 * WORST_PER_PAGE * footprint, "deliberately high, not absurdly: " + facts);
  }

  @Test
  void aLargeShareIsEstimatedByItsReplay() {
    long footprint = 1_000_000;
    long frames = footprint / 2;
    long estimate = TaskMemory.estimate(List.of("s3fifo", "lru"), List.of(frames, footprint), footprint);
    // s3fifo 320 and lru 96 bytes a frame (TaskMemory's table), over both sizes.
    assertEquals(TaskMemory.FIXED + (320 + 96) * (frames + footprint), estimate);
  }
}
