package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import java.util.List;

/**
 * Registers {@code clockpro}: CLOCK-Pro (Jiang, Chen and Zhang, USENIX ATC '05) after libCacheSim's
 * {@code cache/eviction/ClockPro.c}, with that file's parameters and defaults ({@code initRef} is
 * its {@code init-ref}, 0; {@code coldRatio} its {@code init-ratio-cold}, 1). Where the selector
 * departs from that code, and why, is in {@link ClockProSelector}.
 */
public final class ClockProFactory implements SelectorFactory {

  @Override
  public String name() {
    return "clockpro";
  }

  @Override
  public String description() {
    return "CLOCK-Pro (ATC '05, after libCacheSim ClockPro.c): hot, cold and test pages, three hands, adaptive cold target";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer("initRef", 0, 0, 1, "reference bit of a loaded or promoted page (libCacheSim init-ref)"),
        ParameterSpec.decimal(
            "coldRatio", 1.0, 0.0, 1.0, "starting cold target as a share of the pool (libCacheSim init-ratio-cold)"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new ClockProSelector(
        descriptors, parameters.canonicalName(), parameters.intValue("initRef"), parameters.doubleValue("coldRatio"));
  }
}
