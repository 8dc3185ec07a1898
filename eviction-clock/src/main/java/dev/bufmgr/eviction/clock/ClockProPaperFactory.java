package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.List;

/**
 * Registers {@code clockpro-paper}: CLOCK-Pro as the ATC '05 paper states it (test periods on
 * resident cold pages too, ended by the hot hand as well as the test hand), beside {@code clockpro},
 * which follows libCacheSim's {@code ClockPro.c}. See {@link ClockProPaperSelector}.
 */
public final class ClockProPaperFactory implements SelectorFactory {

  @Override
  public String name() {
    return "clockpro-paper";
  }

  @Override
  public String description() {
    return "CLOCK-Pro as the ATC '05 paper states it: test periods on resident cold pages too, ended by the hot hand";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.decimal(
        "coldRatio", 1.0, 0.0, 1.0, "starting cold target m_c as a share of the pool (at least one page)"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new ClockProPaperSelector(descriptors, parameters.canonicalName(), parameters.doubleValue("coldRatio"));
  }
}
