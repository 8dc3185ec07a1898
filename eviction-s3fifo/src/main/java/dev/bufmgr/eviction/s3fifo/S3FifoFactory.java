package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code s3fifo}: S3-FIFO as in libCacheSim's {@code libCacheSim/cache/eviction/S3FIFO.c}
 * (parameters {@code small}, the small FIFO's share, default 0.10; {@code ghost}, the ghost FIFO's
 * size as a fraction of the pool, default 0.90, 0 for none; {@code threshold}, the count that moves
 * a page from the small to the main FIFO, default 2; {@code strategyCap}, the largest fraction of
 * ghost ids that may come from pages read through a ring, default 0.10; {@code variant}, which
 * upstream version, default {@code current}).
 *
 * <ul>
 *   <li>{@code variant=current}: {@code S3FIFO.c} since libCacheSim commit {@code 2b52daa}
 *       (2024-10-27), with the {@code has_evicted} rule: before the first eviction a new page goes
 *       to M once S holds its share.
 *   <li>{@code variant=original}: {@code S3FIFO.c} as of commit {@code 2f60805} (2024-08-07), the
 *       last before that rule, the same in behaviour as the SOSP'23 artifact's copy ({@code
 *       1cc2d5d}, 2023-07-23) and as {@code S3FIFOv0.c} since {@code 2b52daa}: a new page goes to
 *       S unless G holds it. It is the paper's Algorithm 1 where that and the file agree; where they
 *       differ this follows the file ({@link S3FifoSelector} lists the points).
 * </ul>
 *
 * See {@link S3FifoVariant}.
 */
public final class S3FifoFactory implements SelectorFactory {
  /** The most ghost entries one selector may hold. */
  static final long MAX_GHOST_ENTRIES = PageSlotIndex.MAX_CAPACITY;

  @Override
  public String name() {
    return "s3fifo";
  }

  @Override
  public String description() {
    return "S3-FIFO (Yang et al., SOSP 2023; libCacheSim S3FIFO.c): small and main FIFOs with a ghost FIFO "
        + "whose share of ring-read ids is capped";
  }

  /** S3-FIFO keeps each buffer's queue membership in the descriptor record. */
  @Override
  public Set<Requirement> requirements() {
    return Set.of(Requirement.BUFFER_WORD);
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.decimal("small", 0.10, 0.0, 1.0, "share of the pool for the small FIFO (libCacheSim small-size-ratio)"),
        ParameterSpec.decimal("ghost", 0.90, 0.0, 4.0, "ghost FIFO entries as a fraction of the pool, 0 for none"),
        ParameterSpec.integer("threshold", 2, 1, 3, "count that moves a page from the small to the main FIFO"),
        ParameterSpec.decimal(
            "strategyCap", 0.10, 0.0, 1.0, "largest fraction of ghost entries from pages read through a ring"),
        ParameterSpec.choice(
            "variant", S3FifoVariant.DEFAULT, S3FifoVariant.words(),
            "libCacheSim S3FIFO.c version: current (2b52daa, has_evicted: M takes new pages once S is full "
                + "before the first eviction) or original (2f60805, the SOSP'23 paper's: new pages to S)"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    int frames = descriptors.frames();
    double small = parameters.doubleValue("small");
    double ghostRatio = parameters.doubleValue("ghost");
    double cap = parameters.doubleValue("strategyCap");
    long ghostEntries = (long) (frames * ghostRatio);
    if (ghostEntries > MAX_GHOST_ENTRIES) {
      throw new IllegalArgumentException(
          "policy s3fifo: parameter ghost=" + ghostRatio + " asks for " + ghostEntries + " ghost entries, more than "
              + MAX_GHOST_ENTRIES);
    }
    GhostDirectory ghost =
        ghostEntries == 0
            ? null
            : new GhostDirectory((int) ghostEntries, (int) (ghostEntries * cap), descriptors.sharing());
    return new S3FifoSelector(
        descriptors, (int) (frames * small), parameters.intValue("threshold"), ghost,
        S3FifoVariant.of(parameters.choice("variant")), parameters.canonicalName());
  }
}
