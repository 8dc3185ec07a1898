package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.Parameters;
import java.util.Set;

/**
 * A family of victim selectors, a {@link Component} found at run time by name through {@link SelectorRegistry}
 * (Java's {@link java.util.ServiceLoader}: a selector module lists its factory in {@code
 * META-INF/services/dev.bufmgr.core.evict.SelectorFactory}).
 */
public interface SelectorFactory extends Component {

  /** What the selector needs beyond the pool's events; empty for an online selector. */
  default Set<Requirement> requirements() {
    return Set.of();
  }

  /**
   * Creates a selector for a pool whose descriptors are {@code descriptors}.
   *
   * @param parameters values validated against {@link #parameters()}
   */
  VictimSelector create(Descriptors descriptors, Parameters parameters);

  /** Something a selector needs that not every run can give it. */
  enum Requirement {
    /**
     * One 64-bit word per buffer in the descriptor record, beside the state word, for per-buffer
     * state beyond the usage bits ({@link Descriptors#selectorWord}); pools of other selectors
     * leave it out and stay smaller.
     */
    BUFFER_WORD,
    /**
     * The selector is told of every hit ({@link VictimSelector#onHit}), for policies that act on a
     * hit beyond the usage bits (LRU moves the page to the head of its list). Selectors without it
     * (the clocks, S3-FIFO, SIEVE) keep the hit path of one compare-and-set and no call.
     */
    HIT_NOTIFICATION
  }
}
