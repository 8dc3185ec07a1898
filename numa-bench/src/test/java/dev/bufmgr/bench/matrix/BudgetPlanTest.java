package dev.bufmgr.bench.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Budgets against matrices of known cost (each point: 3 s per fork plus 0.05 s per iteration),
 * planned into 85% of the budget.
 */
class BudgetPlanTest {
  private static final JmhSettings OWN = new JmhSettings(1, 2, 2, 3, 3);

  @Test
  void aMatrixThatFitsRunsAsDefined() {
    // 10 points of 3 + 2 * 2.05 + 3 * 3.05 = 16.25 s: 162.5 s, within 0.85 * 192 = 163.2 s.
    BudgetPlan plan = BudgetPlan.fit(matrix(10), Duration.ofSeconds(192), null);

    assertEquals(OWN, plan.settings());
    assertEquals(10, plan.points().size());
    assertEquals(162.5, plan.estimatedSeconds(), 1e-9);
    assertEquals("", plan.trimmed());
  }

  @Test
  void aTightBudgetTrimsIterationsFirst() {
    // 162.5 s exceed 0.85 * 160 = 136 s; the first step caps iterations at 2 s:
    // 3 + 2 * 2.05 + 3 * 2.05 = 13.25 s a point, 132.5 s.
    BudgetPlan plan = BudgetPlan.fit(matrix(10), Duration.ofSeconds(160), null);

    assertEquals(new JmhSettings(1, 2, 2, 3, 2), plan.settings());
    assertEquals(10, plan.points().size());
    assertEquals(132.5, plan.estimatedSeconds(), 1e-9);
    assertTrue(plan.trimmed().contains("trimmed to 1 fork, 2 x 2 s warmup, 3 x 2 s measured"), plan.trimmed());
  }

  @Test
  void belowTheFloorAPrefixOfThePointsRuns() {
    // The floor: 3 + 1 * 0.55 + 2 * 0.55 = 4.65 s a point; 0.85 * 20 = 17 s holds 3 of them.
    BudgetPlan plan = BudgetPlan.fit(matrix(10), Duration.ofSeconds(20), null);

    assertEquals(JmhSettings.FLOOR, plan.settings());
    assertEquals(3, plan.points().size());
    assertEquals(7, plan.dropped());
    assertTrue(plan.trimmed().contains("only the first 3 of 10 points run"), plan.trimmed());
  }

  @Test
  void aBudgetBelowOnePointIsRefused() {
    // 0.85 * 5 = 4.25 s, below one point at the floor (4.65 s).
    UsageException e = assertThrows(UsageException.class, () -> BudgetPlan.fit(matrix(3), Duration.ofSeconds(5), null));
    assertTrue(e.getMessage().contains("below one point"), e.getMessage());
  }

  @Test
  void budgetsParse() {
    assertEquals(Duration.ofMinutes(30), Budget.parse("30m"));
    assertEquals(Duration.ofSeconds(5400), Budget.parse("1h30m"));
    assertEquals(Duration.ofSeconds(90), Budget.parse("90"));
    assertEquals("1h5m", Budget.format(Duration.ofSeconds(3900)));
    assertThrows(UsageException.class, () -> Budget.parse("0s"));
    assertThrows(UsageException.class, () -> Budget.parse("ten minutes"));
    assertEquals(Duration.ofDays(7), Budget.parse("168h"));
    assertTrue(assertThrows(UsageException.class, () -> Budget.parse("169h")).getMessage().contains("longer than a week"));
    assertThrows(UsageException.class, () -> Budget.parse("99999999999999999999h"));
    assertThrows(UsageException.class, () -> Budget.parse("999999999"));
  }

  @Test
  void threadLadderEndsAtTheCpuCount() {
    assertEquals(List.of(1), Matrices.threadLadder(1));
    assertEquals(List.of(1, 2), Matrices.threadLadder(2));
    assertEquals(List.of(1, 2, 4, 6), Matrices.threadLadder(6));
  }

  private static Matrix matrix(int points) {
    List<Point> list = new ArrayList<>();
    for (int i = 0; i < points; i++) list.add(new Point("x.Bench", 1, Map.of("i", Integer.toString(i)), 1));
    return new Matrix("test", "a test matrix", OWN, list);
  }
}
