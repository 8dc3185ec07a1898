package dev.bufmgr.report;

import dev.bufmgr.sweep.SweepRow;
import java.util.ArrayList;
import java.util.List;

/**
 * A small sweep written by hand, whose report's numbers are worked out by hand in the tests.
 * Baseline fifo; contenders fifo, lru, s3fifo; opt is a bound. At size 0.1:
 *
 * <pre>
 *   trace  dataset  fifo  lru   s3fifo  opt
 *   A      d1       0.5   0.4   0.3     0.2
 *   B      d1       0.4   0.3   0.3     0.1    lru and s3fifo tie
 *   C      d2       0.2   0.25  0.1     0.05   lru worse than fifo
 *   D      d2       0     0     0       0      baseline 0; three contenders tie
 *   E      d2       0.8   -     0.6     0.5    lru's row missing
 *   F      d1       failed task
 *   G      d1       skipped at 0.1 (8 frames)
 * </pre>
 *
 * At size 0.01 only A (0.9, 0.9, 0.8, 0.7) and G (0.5, 0.25, 0.5, 0.25) have rows.
 */
final class HandRows {
  private HandRows() {}

  static List<SweepRow> rows() {
    List<SweepRow> rows = new ArrayList<>();
    String[] p = {"fifo", "lru", "s3fifo", "opt"};
    ok(rows, "A", "d1", "0.1", p, 0.5, 0.4, 0.3, 0.2);
    ok(rows, "B", "d1", "0.1", p, 0.4, 0.3, 0.3, 0.1);
    ok(rows, "C", "d2", "0.1", p, 0.2, 0.25, 0.1, 0.05);
    ok(rows, "D", "d2", "0.1", p, 0, 0, 0, 0);
    ok(rows, "E", "d2", "0.1", new String[] {"fifo", "s3fifo", "opt"}, 0.8, 0.6, 0.5);
    rows.add(new SweepRow("task-F", "d1", "F", "csv", 0, 0, null, null, 0, Double.NaN, 0, 0, Double.NaN, 0, SweepRow.FAILED,
        "F line 3: not a number"));
    for (String q : p) {
      rows.add(new SweepRow("G-" + q + "-0.1", "d1", "G", "csv", 100, 80, q, "0.1", 8, 0.1, 0, 0, Double.NaN, 0, SweepRow.SKIPPED,
          "8 frames, below 10"));
    }
    ok(rows, "A", "d1", "0.01", p, 0.9, 0.9, 0.8, 0.7);
    ok(rows, "G", "d1", "0.01", p, 0.5, 0.25, 0.5, 0.25);
    return rows;
  }

  private static void ok(List<SweepRow> rows, String trace, String dataset, String size, String[] policies, double... mr) {
    for (int i = 0; i < policies.length; i++) {
      long misses = Math.round(mr[i] * 1000);
      rows.add(new SweepRow(trace + "-" + policies[i] + "-" + size, dataset, trace, "csv", 1000, 500, policies[i], size,
          Math.round(500 * Double.parseDouble(size)), Double.parseDouble(size), 1000 - misses, misses, mr[i], 0.01, SweepRow.OK, null));
    }
  }
}
