package dev.bufmgr.core.testing;

import dev.bufmgr.conformance.NearAllPinnedCheck;
import dev.bufmgr.core.evict.SelectorRegistry;
import java.util.List;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The near-all-pinned run every selector runs ({@link NearAllPinnedCheck}): false "no unpinned
 * buffers" errors while buffers are unpinned must stay below 1 search in 10,000. It prints the
 * searches and false errors per spec.
 *
 * <p>Larger runs (a documented command in the README): {@code -DnearAllPinned.threads=T},
 * {@code -DnearAllPinned.pins=P}, {@code -DnearAllPinned.ops=N} (per thread).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class NearAllPinnedSuite {
  private static final int THREADS = Integer.getInteger("nearAllPinned.threads", 4);
  private static final int PINS = Integer.getInteger("nearAllPinned.pins", 4);
  private static final int OPS = Integer.getInteger("nearAllPinned.ops", 40_000);

  /** The selector specs to run, typically one per hand and batch variant. */
  protected abstract List<String> selectorSpecs();

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void searchesRarelyGiveUpWhileBuffersAreUnpinned(String spec) throws InterruptedException {
    System.out.println(NearAllPinnedCheck.run(SelectorRegistry.load(), spec, THREADS, PINS, OPS));
  }
}
