package dev.bufmgr.bench.matrix;

import java.util.List;

/**
 * A named set of benchmark points run with one set of JMH settings.
 *
 * @param name the name the runner knows it by
 * @param description what it measures, for summary.md
 * @param settings the JMH settings before any budget trims them
 * @param points the points, most important first (a budget that cannot hold them all keeps a prefix)
 */
public record Matrix(String name, String description, JmhSettings settings, List<Point> points) {
  public Matrix {
    points = List.copyOf(points);
  }

  /** Estimated wall seconds of every point with {@code settings}. */
  public double seconds(JmhSettings settings) {
    return points.stream().mapToDouble(p -> settings.seconds(p.methods())).sum();
  }
}
