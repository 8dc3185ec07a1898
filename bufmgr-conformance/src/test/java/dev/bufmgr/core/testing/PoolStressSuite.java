package dev.bufmgr.core.testing;

import dev.bufmgr.conformance.PoolStressCheck;
import dev.bufmgr.core.evict.SelectorRegistry;
import java.util.List;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The multi-threaded stress run every selector runs ({@link PoolStressCheck}: page contents,
 * pins and the pool's invariants under concurrent pin, change and unpin). {@code
 * -DpoolStress.opsPerThread=N} sets the length (60,000 by default; 25,000,000 for the
 * 10^8-operation run of the README), {@code -DpoolStress.specs=REGEX} which specs run, {@code
 * -DpoolStress.writeNanos=N} how long a disk write takes (20,000 by default).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PoolStressSuite {
  private static final long OPS_PER_THREAD = Long.getLong("poolStress.opsPerThread", 60_000);

  /** The selector specs to stress, typically one per hand and batch variant. */
  protected abstract List<String> selectorSpecs();

  /** {@link #selectorSpecs()}, less those {@code -DpoolStress.specs=REGEX} leaves out. */
  protected final List<String> specsToRun() {
    String only = System.getProperty("poolStress.specs");
    return only == null ? selectorSpecs() : selectorSpecs().stream().filter(x -> x.matches(only)).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("specsToRun")
  void pageContentsAndInvariantsHoldUnderConcurrentPinChangeAndUnpin(String spec) throws Exception {
    PoolStressCheck.run(SelectorRegistry.load(), spec, OPS_PER_THREAD);
  }
}
