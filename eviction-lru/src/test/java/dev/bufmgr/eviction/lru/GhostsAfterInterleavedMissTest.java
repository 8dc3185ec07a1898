package dev.bufmgr.eviction.lru;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.FailingWriteBack;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The selectors with ghost lists keep them apart from the cache when misses interleave: a page is
 * never both resident and remembered as gone (ARC: in at most one of T1, T2, B1, B2, Megiddo and
 * Modha, FAST '03; 2Q: in at most one of Am, A1in, A1out, Johnson and Shasha, VLDB '94; CAR as
 * ARC, Bansal and Modha, FAST '04). The interleaving is the one the
 * selector contract allows and the simulated pipeline makes: a miss for page 100 waits for its
 * dirty victim's write ({@link PoolSession#pinDeferred}); meanwhile another session loads page
 * 100 and evicts it again, which puts its id in a ghost list; then the first miss loads page 100.
 * The only order of whole misses that fits puts the first miss after that eviction, so it is the
 * run's one ghost hit (the page into T2 or Am). Eight dirty pages fill the pool, and pages 5 to 8 are hit once more (for ARC and CAR, T2 then
 * holds them, so pages leaving T1 keep their ids).
 */
class GhostsAfterInterleavedMissTest {
  private static final long MISSING = 100;

  static Stream<Arguments> selectorsAndSharing() {
    return Stream.of(new ArcSelectorFactory(), new TwoQSelectorFactory(), new CarSelectorFactory())
        .flatMap(f -> Stream.of(Sharing.values()).map(s -> Arguments.of(f.name(), f, s)));
  }

  @ParameterizedTest(name = "{0} {2}")
  @MethodSource("selectorsAndSharing")
  void noGhostListHoldsAResidentPage(String name, SelectorFactory factory, Sharing sharing) {
    Capturing capturing = new Capturing(factory);
    FailingWriteBack hook = new FailingWriteBack();
    PoolConfig config = PoolConfig.builder().frames(8).selector(name).writeBack(hook).sharing(sharing).build();
    try (BufferPool p = new BufferPool(config, SelectorRegistry.of(capturing));
        PoolSession s = p.openSession();
        PoolSession other = p.openSession()) {
      for (long page = 1; page <= 8; page++) {
        int b = s.pin(page, AccessStrategy.NORMAL, 0);
        s.markDirty(b, 100 * page);
        s.unpin(b);
      }
      for (long page = 5; page <= 8; page++) s.unpin(s.pin(page, AccessStrategy.NORMAL, 0));
      assertEquals(PoolSession.WRITE_NEEDED, s.pinDeferred(MISSING, AccessStrategy.NORMAL, 0));
      other.unpin(other.pin(MISSING, AccessStrategy.NORMAL, 0));
      long next = 101;
      while (p.bufferOf(MISSING) >= 0 && next < 200) other.unpin(other.pin(next++, AccessStrategy.NORMAL, 0));
      assertEquals(-1, p.bufferOf(MISSING), "another session's misses evicted page " + MISSING);
      assertTrue(ghostHolds(capturing.selector, MISSING), "its id is remembered as gone");
      hook.writeBack(s.pendingWriteBuffer(), s.pendingWritePage(), s.pendingWriteLsn(), null);
      int b = s.resumeAfterWrite();
      assertEquals(b, p.bufferOf(MISSING));
      s.unpin(b);
      long ghostHits = p.selectorCounters().entrySet().stream()
          .filter(e -> e.getKey().endsWith("hostHits")).mapToLong(e -> e.getValue()).sum();
      assertEquals(1, ghostHits, "the resumed miss, after page " + MISSING + "'s eviction, is the one ghost hit");
      for (long page = 1; page < next; page++) {
        if (page > 8 && page < MISSING) continue;
        if (p.bufferOf(page) >= 0) {
          assertFalse(ghostHolds(capturing.selector, page), "page " + page + " is resident and in a ghost list");
        }
      }
    }
  }

  private static boolean ghostHolds(VictimSelector selector, long page) {
    return switch (selector) {
      case ArcSelector arc -> arc.ghostHolds(page);
      case TwoQSelector twoQ -> twoQ.ghostHolds(page);
      case CarSelector car -> car.ghostHolds(page);
      default -> throw new IllegalArgumentException(selector.getClass().getName());
    };
  }

  /** A factory that keeps the selector it creates, so the test can look into its ghost lists. */
  private static final class Capturing implements SelectorFactory {
    private final SelectorFactory factory;
    private VictimSelector selector;

    Capturing(SelectorFactory factory) {
      this.factory = factory;
    }

    @Override
    public String name() {
      return factory.name();
    }

    @Override
    public String description() {
      return factory.description();
    }

    @Override
    public List<ParameterSpec> parameters() {
      return factory.parameters();
    }

    @Override
    public Set<Requirement> requirements() {
      return factory.requirements();
    }

    @Override
    public VictimSelector create(Descriptors descriptors, Parameters parameters) {
      selector = factory.create(descriptors, parameters);
      return selector;
    }
  }
}
