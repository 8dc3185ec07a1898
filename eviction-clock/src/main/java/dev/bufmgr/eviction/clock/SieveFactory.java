package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import java.util.List;

/**
 * Registers {@code sieve}: SIEVE (Zhang, Yang, Yue, Vigfusson and Rashmi, "SIEVE is Simpler than
 * LRU", NSDI '24), as libCacheSim's {@code cache/eviction/Sieve.c} implements it. No parameters.
 */
public final class SieveFactory implements SelectorFactory {

  @Override
  public String name() {
    return "sieve";
  }

  @Override
  public String description() {
    return "SIEVE (NSDI '24, libCacheSim Sieve.c): insertion-ordered queue, a visited bit, a hand that keeps its place";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of();
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new SieveSelector(descriptors, parameters.canonicalName());
  }
}
