package dev.bufmgr.sweep;

import dev.bufmgr.core.params.Spec;
import java.util.List;
import java.util.Map;

/**
 * An estimate, made before a task replays, of the heap it needs: the larger of its two passes,
 * plus the blocks a pass keeps in flight. The one-pass replay needs, per configuration, the
 * policy's bytes per frame times its frames (the pool's descriptors and mapping table, a
 * selector's queues and ghost entries, a baseline's map); the trace's facts pass ({@code
 * TraceReplays.count}) needs {@link #FACTS_PER_PAGE} bytes per distinct page, which outweighs
 * the replay when the sizes are small shares of the footprint. The figures are deliberately high
 * (rounded up from heap sizes of 1M-frame replays and from the facts pass's structures), so an
 * engine that admits tasks by this estimate does not run the heap out; a task whose estimate
 * exceeds the whole budget is refused with it instead of taking the machine down.
 */
public final class TaskMemory {
  /** Bytes per frame of a policy not named in {@link #PER_FRAME}: a pool selector. */
  static final long DEFAULT_PER_FRAME = 200;

  /** Bytes per frame of policies that keep more or less than a pool selector: ghosts, or a bare map. */
  static final Map<String, Long> PER_FRAME = Map.of(
      "fifo", 48L, "lru", 96L, "opt", 120L, "caffeine", 200L,
      "s3fifo", 320L, "arc", 320L, "twoq", 320L, "clockpro", 320L);

  /**
   * Bytes per distinct page of the facts pass: the character counter's stack distances (60 to 90
   * bytes by {@code StackDistances}' own sizing, up to about 105 right after its map and arrays
   * double), the facts counter's set of pages (8-byte slots, up to about 25) and, at the end, the
   * profile's two arrays of request counts (16): at most about 146, rounded up.
   */
  static final long FACTS_PER_PAGE = 160;

  /** The blocks of events a pass keeps in flight, and the task's other fixed costs. */
  static final long FIXED = 64L << 20;

  private TaskMemory() {}

  /**
   * The estimate, in bytes, for every policy of {@code policies} at each of {@code frames} on a
   * trace of {@code footprint} distinct pages.
   */
  public static long estimate(List<String> policies, List<Long> frames, long footprint) {
    long replay = 0;
    for (String p : policies) {
      long perFrame = PER_FRAME.getOrDefault(Spec.parse("policy", p).name(), DEFAULT_PER_FRAME);
      for (long f : frames) replay += perFrame * f;
    }
    return FIXED + Math.max(replay, factsPass(footprint));
  }

  /** The bytes the facts pass holds at its end on a trace of {@code footprint} distinct pages. */
  static long factsPass(long footprint) {
    return FACTS_PER_PAGE * footprint;
  }
}
