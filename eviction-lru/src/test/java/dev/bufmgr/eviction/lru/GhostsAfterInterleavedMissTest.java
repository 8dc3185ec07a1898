package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.testing.InterleavedReload;
import dev.bufmgr.core.testing.ProbedFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ARC, 2Q and CAR keep their ghost lists apart from the cache when another miss loads and evicts
 * a page between a miss's {@code onMiss} and its {@code onAdmit} ({@link InterleavedReload}):
 * ARC's page is in at most one of T1, T2, B1, B2 (Megiddo and Modha, FAST '03), 2Q's in at most
 * one of Am, A1in, A1out (Johnson and Shasha, VLDB '94), CAR's as ARC's (Bansal and Modha, FAST
 * '04).
 */
class GhostsAfterInterleavedMissTest {

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void arc(Sharing sharing) {
    InterleavedReload.check(new ProbedFactory<>(new ArcSelectorFactory(), ArcSelector.class), sharing,
        ArcSelector::ghostHolds);
  }

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void twoQ(Sharing sharing) {
    InterleavedReload.check(new ProbedFactory<>(new TwoQSelectorFactory(), TwoQSelector.class), sharing,
        TwoQSelector::ghostHolds);
  }

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void car(Sharing sharing) {
    InterleavedReload.check(new ProbedFactory<>(new CarSelectorFactory(), CarSelector.class), sharing,
        CarSelector::ghostHolds);
  }
}
