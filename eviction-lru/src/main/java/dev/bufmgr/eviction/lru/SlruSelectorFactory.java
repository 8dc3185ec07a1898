package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code slru}: segmented LRU as libCacheSim's {@code cache/eviction/SLRU.c} implements
 * it (see {@link SlruSelector}). Parameters: {@code segments}, default 4, its {@code n-seg}; and
 * {@code sizes}, its {@code seg-size}: the segments' relative sizes from segment 0 (probation) up,
 * separated by {@code :}, for example {@code 1:3}; given, it sets the number of segments too. It
 * needs every hit ({@link Requirement#HIT_NOTIFICATION}): a hit moves the page up.
 */
public final class SlruSelectorFactory implements SelectorFactory {
  /** libCacheSim's {@code SLRU_MAX_N_SEG}. */
  private static final int MAX_SEGMENTS = 16;

  @Override
  public String name() {
    return "slru";
  }

  @Override
  public String description() {
    return "segmented LRU (libCacheSim SLRU.c): a hit moves a page up one LRU segment, overflow cools down, misses evict from the lowest";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer("segments", 4, 1, MAX_SEGMENTS, "number of LRU segments of equal size (libCacheSim n-seg)"),
        ParameterSpec.text("sizes", null, "relative segment sizes from the lowest up, e.g. 1:3 (libCacheSim seg-size; sets the number of segments)").asOptional());
  }

  @Override
  public Set<Requirement> requirements() {
    return EnumSet.of(Requirement.HIT_NOTIFICATION);
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    long[] ratios = parameters.has("sizes") ? ratios(parameters.text("sizes")) : null;
    int n = ratios == null ? parameters.intValue("segments") : ratios.length;
    return new SlruSelector(descriptors, SlruSelector.shares(descriptors.frames(), n, ratios), parameters.canonicalName());
  }

  /** The ratios of {@code sizes}: 1 to 16 positive whole numbers separated by {@code :}. */
  static long[] ratios(String sizes) {
    String[] parts = sizes.split(":", -1);
    if (parts.length > MAX_SEGMENTS) {
      throw new IllegalArgumentException("parameter sizes: " + parts.length + " segments, at most " + MAX_SEGMENTS);
    }
    long[] r = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        r[i] = Long.parseLong(parts[i].trim());
      } catch (NumberFormatException e) {
        r[i] = 0;
      }
      if (r[i] <= 0 || r[i] > 1_000_000) {
        throw new IllegalArgumentException("parameter sizes: '" + parts[i] + "' is not a whole number from 1 to 1000000 (sizes look like 1:3)");
      }
    }
    return r;
  }
}
