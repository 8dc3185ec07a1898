package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepSizeTest {
  @Test
  void aDecimalPointMakesAFractionAndAWholeNumberMakesFrames() {
    assertEquals(List.of(new SweepSize(0.01, 0), new SweepSize(Double.NaN, 5000), new SweepSize(1.0, 0)),
        SweepSize.parseList("0.01,5000,1.0"));
    assertEquals(new SweepSize(0.001, 0), SweepSize.parse("1e-3"));
  }

  @Test
  void aFractionIsTruncatedAsCachesimTruncatesRatioTimesWorkingSet() {
    assertEquals(9, SweepSize.parse("0.001").framesFor(9939));
    assertEquals(29, SweepSize.parse("0.003").framesFor(9939));
    assertEquals(7951, SweepSize.parse("0.8").framesFor(9939));
    assertEquals(5000, SweepSize.parse("5000").framesFor(10));
  }

  @Test
  void libCacheSimsEightSizesAreTheDefault() {
    assertEquals("0.001 0.003 0.01 0.03 0.1 0.2 0.4 0.8",
        String.join(" ", SweepSize.DEFAULTS.stream().map(SweepSize::text).toList()));
  }

  @Test
  void zeroNegativeAboveOneRepeatedAndEmptyAreRefused() {
    for (String bad : List.of("0", "-5", "1.5", "0.0", "abc", "0.1,,0.2", "0.1,0.1", "", "NaN", "3000000000")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepSize.parseList(bad), bad);
      assertTrue(e.getMessage().length() < 120, e.getMessage());
    }
  }
}
