package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHands;
import java.util.List;

/**
 * Registers {@code gclock}: PostgreSQL's clock sweep with a usage count (parameters {@code
 * maxUsage}, default 5 as PostgreSQL's {@code BM_MAX_USAGE_COUNT}; {@code batch}, default 1, the
 * stock sweep; {@code hand}, global or partitioned).
 */
public final class GClockFactory implements SelectorFactory {

  @Override
  public String name() {
    return "gclock";
  }

  @Override
  public String description() {
    return "PostgreSQL's G-CLOCK clock sweep (freelist.c StrategyGetBuffer): usage count 0..maxUsage";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer(
            "maxUsage", 5, 1, BufferState.MAX_USAGE, "largest usage count (PostgreSQL BM_MAX_USAGE_COUNT = 5)"),
        ClockHands.batchParameter(1),
        ClockHands.handParameter());
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new GClockSelector(
        descriptors, parameters.intValue("maxUsage"), ClockHands.create(descriptors, parameters),
        parameters.canonicalName());
  }
}
