package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.core.evict.VictimSelector;
import java.util.List;

/**
 * Test-only registration {@code s3fifo-probe}: the same selector as {@code s3fifo}, remembered
 * after creation so a test can look at its ghost directory and queue sizes inside a real pool.
 */
public final class ProbedS3FifoFactory implements SelectorFactory {
  private static final S3FifoFactory REAL = new S3FifoFactory();
  private static final ThreadLocal<S3FifoSelector> LAST = new ThreadLocal<>();

  /** The selector this thread created last through {@code s3fifo-probe}. */
  static S3FifoSelector last() {
    return LAST.get();
  }

  @Override
  public String name() {
    return "s3fifo-probe";
  }

  @Override
  public String description() {
    return "s3fifo, remembered for inspection by tests";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return REAL.parameters();
  }

  @Override
  public VictimSelector create(Descriptors descriptors, SelectorParameters parameters) {
    S3FifoSelector s = (S3FifoSelector) REAL.create(descriptors, parameters);
    LAST.set(s);
    return s;
  }
}
