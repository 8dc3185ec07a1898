package dev.bufmgr.core.testing;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import java.util.List;
import java.util.Set;

/**
 * For tests: a real selector factory that remembers the selector it created last, so a test can
 * look inside the selector of a real pool (S3-FIFO's ghost directory, CLOCK-Pro's hands).
 *
 * @param <S> the selector class the factory creates
 */
public final class ProbedFactory<S extends VictimSelector> implements SelectorFactory {
  private final SelectorFactory real;
  private final Class<S> type;
  private S last;

  public ProbedFactory(SelectorFactory real, Class<S> type) {
    this.real = real;
    this.type = type;
  }

  /** A pool whose selector this probe remembers. */
  public BufferPool pool(PoolConfig config) {
    return new BufferPool(config, SelectorRegistry.of(this));
  }

  /** The selector created last. */
  public S last() {
    return last;
  }

  @Override
  public String name() {
    return real.name();
  }

  @Override
  public String description() {
    return real.description();
  }

  @Override
  public List<ParameterSpec> parameters() {
    return real.parameters();
  }

  @Override
  public Set<Requirement> requirements() {
    return real.requirements();
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    last = type.cast(real.create(descriptors, parameters));
    return last;
  }
}
