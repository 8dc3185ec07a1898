package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import java.util.List;
import java.util.Set;

/**
 * For tests: the real {@code s3fifo} factory, remembering the selector it created, so a test can
 * look at the ghost directory and the queue sizes of the selector inside a real pool.
 */
final class ProbedS3FifoFactory implements SelectorFactory {
  private final S3FifoFactory real = new S3FifoFactory();
  private S3FifoSelector last;

  /** A pool whose {@code s3fifo} selector this probe remembers. */
  BufferPool pool(PoolConfig config) {
    return new BufferPool(config, SelectorRegistry.of(this));
  }

  /** The selector created last. */
  S3FifoSelector last() {
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
  public VictimSelector create(Descriptors descriptors, SelectorParameters parameters) {
    last = (S3FifoSelector) real.create(descriptors, parameters);
    return last;
  }
}
