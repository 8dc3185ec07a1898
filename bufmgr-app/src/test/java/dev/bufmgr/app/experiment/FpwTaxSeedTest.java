package dev.bufmgr.app.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.wal.WalStats;
import org.junit.jupiter.api.Test;

/**
 * fpw-tax runs one seed because its log does not depend on the seed: the lab's two statements
 * log the same records, images and bytes under other seeds as under the experiment's own.
 */
class FpwTaxSeedTest {
  @Test
  void theLabsLogIsTheSameForEverySeed() {
    SelectorRegistry registry = SelectorRegistry.load();
    for (boolean fpw : new boolean[] {true, false}) {
      WalStats own = FpwTaxExperiment.run(registry, fpw, 35, 2, FpwTaxExperiment.SEED);
      for (long seed : new long[] {2, 0x5DEECE66DL, Long.MIN_VALUE}) {
        assertEquals(own, FpwTaxExperiment.run(registry, fpw, 35, 2, seed), "full_page_writes " + fpw + ", seed " + seed);
      }
    }
  }
}
