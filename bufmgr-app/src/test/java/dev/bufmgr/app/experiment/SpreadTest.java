package dev.bufmgr.app.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The spread of a cell and the winner rule, on numbers made by hand. */
class SpreadTest {

  @Test
  void meanAndRangeLeaveNaNsOut() {
    Spread s = Spread.of(List.of(1.0, 4.0, Double.NaN, 7.0));
    assertEquals(4.0, s.mean(), 1e-12); // (1 + 4 + 7) / 3
    assertEquals(1.0, s.min());
    assertEquals(7.0, s.max());
    assertEquals(3, s.n());
    assertEquals("4.0 (1.0..7.0)", s.num(1));
    assertEquals("50.00% (25.00%..75.00%)", Spread.of(List.of(0.25, 0.5, 0.75)).pct());
    assertEquals("n/a", Spread.of(List.of(Double.NaN)).num(2));
  }

  @Test
  void aWinnerNeedsARangeClearOfEveryOther() {
    Map<String, Spread> cells = new LinkedHashMap<>();
    cells.put("a", Spread.of(List.of(10.0, 11.0, 12.0)));
    cells.put("b", Spread.of(List.of(13.0, 14.0, 15.0)));
    cells.put("c", Spread.of(List.of(1.0, 2.0, 3.0)));
    assertEquals("b", Spread.winner(cells, true), "13..15 lies above 10..12 and 1..3");
    assertEquals("c", Spread.winner(cells, false), "1..3 lies below the others");
    assertEquals("**b**", Spread.verdict(cells, true));

    cells.put("d", Spread.of(List.of(12.0, 16.0, 20.0)));
    assertNull(Spread.winner(cells, true), "d's mean 16 is best, but its range 12..20 meets b's 13..15");
    assertEquals(Spread.NO_DIFFERENCE, Spread.verdict(cells, true));
    assertEquals("no difference beyond the spread (best mean d, 16 (12..20))", Spread.judge(cells, true, v -> String.valueOf((int) v)));
    assertEquals("**c** (2 (1..3))", Spread.judge(cells, false, v -> String.valueOf((int) v)));
    assertEquals("c", Spread.winner(cells, false), "c's 1..3 still clears a, b and d");
  }

  @Test
  void touchingRangesAreNoDifference() {
    Spread low = Spread.of(List.of(1.0, 2.0, 3.0));
    Spread high = Spread.of(List.of(3.0, 4.0, 5.0));
    assertTrue(low.overlaps(high));
    assertNull(Spread.winner(Map.of("low", low, "high", high), true));
    assertFalse(low.overlaps(Spread.of(List.of(3.5, 4.0))));
  }

  @Test
  void oneSeedOrOneCandidateNamesNoWinner() {
    assertNull(Spread.winner(Map.of("a", Spread.of(List.of(1.0)), "b", Spread.of(List.of(9.0))), true),
        "a single seed has no spread to judge by");
    assertNull(Spread.winner(Map.of("a", Spread.of(List.of(1.0, 2.0, 3.0))), true));
    assertEquals(3, Spread.seeds(true));
    assertEquals(5, Spread.seeds(false));
  }
}
