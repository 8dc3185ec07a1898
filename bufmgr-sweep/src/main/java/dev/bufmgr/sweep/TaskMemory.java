package dev.bufmgr.sweep;

import dev.bufmgr.core.params.Spec;
import java.util.List;
import java.util.Map;

/**
 * An estimate, made before a task starts, of the heap its one-pass replay needs: per
 * configuration, the policy's bytes per frame times its frames (the pool's descriptors and
 * mapping table, a selector's queues and ghost entries, a baseline's map), plus the blocks the
 * pass keeps in flight. The figures are deliberately high (rounded up from heap sizes of 1M-frame
 * replays), so an engine that admits tasks by this estimate does not run the heap out; a task
 * whose estimate exceeds the whole budget is refused with it instead of taking the machine down.
 */
public final class TaskMemory {
  /** Bytes per frame of a policy not named in {@link #PER_FRAME}: a pool selector. */
  static final long DEFAULT_PER_FRAME = 200;

  /** Bytes per frame of policies that keep more or less than a pool selector: ghosts, or a bare map. */
  static final Map<String, Long> PER_FRAME = Map.of(
      "fifo", 48L, "lru", 96L, "opt", 120L, "caffeine", 200L,
      "s3fifo", 320L, "arc", 320L, "twoq", 320L, "clockpro", 320L);

  /** The blocks of events a pass keeps in flight, and the task's other fixed costs. */
  static final long FIXED = 64L << 20;

  private TaskMemory() {}

  /** The estimate, in bytes, for every policy of {@code policies} at each of {@code frames}. */
  public static long estimate(List<String> policies, List<Long> frames) {
    long total = FIXED;
    for (String p : policies) {
      long perFrame = PER_FRAME.getOrDefault(Spec.parse("policy", p).name(), DEFAULT_PER_FRAME);
      for (long f : frames) total += perFrame * f;
    }
    return total;
  }
}
