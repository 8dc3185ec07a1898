package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.testing.SecondChanceFactory;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The opt-in hit notification: a selector that declares {@code HIT_NOTIFICATION} hears of every
 * hit (pinned, pin-less read, deferred read, through a ring) with its buffer and strategy, and of
 * nothing else; a selector that does not declare it is never called.
 */
class HitNotificationTest {
  /** Hits heard, as "buffer:strategy". */
  private final List<String> heard = new ArrayList<>();

  /** The second-chance test selector, listening for hits, with or without declaring the need. */
  private final class Listening implements SelectorFactory {
    private final boolean declares;

    Listening(boolean declares) {
      this.declares = declares;
    }

    @Override
    public String name() {
      return "listening";
    }

    @Override
    public String description() {
      return "test-only: second-chance that records the hits it hears of";
    }

    @Override
    public List<ParameterSpec> parameters() {
      return List.of();
    }

    @Override
    public Set<Requirement> requirements() {
      return declares ? EnumSet.of(Requirement.HIT_NOTIFICATION) : EnumSet.noneOf(Requirement.class);
    }

    @Override
    public VictimSelector create(Descriptors descriptors, Parameters parameters) {
      VictimSelector inner = SecondChanceFactory.registry().create(Spec.of("second-chance"), descriptors);
      return new VictimSelector() {
        @Override
        public int initialUsage(AccessStrategy strategy) {
          return inner.initialUsage(strategy);
        }

        @Override
        public int usageAfterHit(int usage, AccessStrategy strategy) {
          return inner.usageAfterHit(usage, strategy);
        }

        @Override
        public boolean reusableByRing(int usage) {
          return inner.reusableByRing(usage);
        }

        @Override
        public int selectVictim(MissContext miss) {
          return inner.selectVictim(miss);
        }

        @Override
        public CleaningView cleaningView() {
          return inner.cleaningView();
        }

        @Override
        public void onHit(int buffer, AccessStrategy strategy) {
          heard.add(buffer + ":" + strategy);
        }
      };
    }
  }

  private BufferPool pool(boolean declares) {
    return new BufferPool(PoolConfig.builder().frames(64).selector("listening").build(), SelectorRegistry.of(new Listening(declares)));
  }

  @Test
  void everyKindOfHitIsHeardWithItsBufferAndStrategyAndNoMiss() {
    try (BufferPool p = pool(true); PoolSession s = p.openSession()) {
      int b = s.pin(7, AccessStrategy.NORMAL, 0);
      s.unpin(b);
      assertEquals(List.of(), heard, "a miss is not a hit");
      s.unpin(s.pin(7, AccessStrategy.NORMAL, 0));
      s.access(7, AccessStrategy.NORMAL, 0, false);
      s.access(7, AccessStrategy.NORMAL, 0, true);
      assertEquals(PoolSession.TOUCHED, s.readDeferred(7, AccessStrategy.NORMAL, 0));
      s.access(7, AccessStrategy.BULKREAD, 0, false);
      s.access(8, AccessStrategy.NORMAL, 0, false);
      assertEquals(List.of(b + ":NORMAL", b + ":NORMAL", b + ":NORMAL", b + ":NORMAL", b + ":BULKREAD"), heard);
    }
  }

  @Test
  void aSelectorThatDoesNotAskHearsNothing() {
    try (BufferPool p = pool(false); PoolSession s = p.openSession()) {
      for (int i = 0; i < 3; i++) s.access(7, AccessStrategy.NORMAL, 0, false);
      s.unpin(s.pin(7, AccessStrategy.NORMAL, 0));
      assertEquals(List.of(), heard);
      assertEquals(3, p.metrics().hits(), "the first access missed, the other three hit");
    }
  }
}
