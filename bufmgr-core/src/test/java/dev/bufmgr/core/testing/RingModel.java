package dev.bufmgr.core.testing;

import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * A plain model of PostgreSQL's buffer rings for the selectors' reference models, written from
 * freelist.c and sharing no code with the pool: per bulk strategy an array of slots (256 KiB,
 * 16 MiB or 2 MiB of 8 KiB pages, at most N/8, at least 1) and a current position.
 */
public final class RingModel {
  private final int frames;
  private final Map<AccessStrategy, int[]> slots = new EnumMap<>(AccessStrategy.class);
  private final Map<AccessStrategy, Integer> current = new EnumMap<>(AccessStrategy.class);

  /** Rings for a pool of {@code frames} 8 KiB buffers. */
  public RingModel(int frames) {
    this.frames = frames;
  }

  /** Moves the strategy's ring to its next slot and returns that slot's buffer, or -1 when empty. */
  public int advance(AccessStrategy strategy) {
    int[] ring = slots.computeIfAbsent(strategy, this::newRing);
    int cur = (current.getOrDefault(strategy, -1) + 1) % ring.length;
    current.put(strategy, cur);
    return ring[cur];
  }

  /** Puts {@code buffer} into the strategy's current slot. */
  public void replaceCurrent(AccessStrategy strategy, int buffer) {
    slots.get(strategy)[current.get(strategy)] = buffer;
  }

  private int[] newRing(AccessStrategy s) {
    int bytes =
        switch (s) {
          case BULKREAD -> 256 * 1024;
          case BULKWRITE -> 16 * 1024 * 1024;
          case VACUUM -> 2 * 1024 * 1024;
          case NORMAL -> throw new AssertionError("the normal strategy has no ring");
        };
    int[] ring = new int[Math.max(1, Math.min(frames / 8, bytes / 8192))];
    Arrays.fill(ring, -1);
    return ring;
  }
}
