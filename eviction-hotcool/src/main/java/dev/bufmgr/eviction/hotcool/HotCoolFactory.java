package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHands;
import java.util.List;

/**
 * Registers {@code hotcool}: the one-bit HOT/COOL clock of seeds/002 (parameters {@code batch},
 * default 64 as in the patch; {@code hand}, global or partitioned; {@code promote}, {@code second}
 * or {@code repeat}).
 */
public final class HotCoolFactory implements SelectorFactory {

  @Override
  public String name() {
    return "hotcool";
  }

  @Override
  public String description() {
    return "one-bit HOT/COOL clock of the batched clock-sweep patch (pgsql-hackers, seeds/002): "
        + "loaded COOL, a hit makes HOT, the sweep cools HOT and evicts COOL";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ClockHands.batchParameter(64),
        ClockHands.handParameter(),
        ParameterSpec.choice(
            "promote", "second", List.of("second", "repeat"),
            "second: a hit on a COOL page makes it HOT; repeat: two hits while COOL are needed"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new HotCoolSelector(
        descriptors, Promotion.parse(parameters.choice("promote")), ClockHands.create(descriptors, parameters),
        parameters.canonicalName());
  }
}
