package dev.bufmgr.results.plot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Series that coincide (the same x values, and at every x y values closer than a fraction of the
 * y axis that no eye tells apart) drawn once: a reader cannot see a line lying under another, so
 * the chart draws one and its legend entry names them all, each by its {@link PolicyLabel}:
 * {@code lru-pool = lru} where the values are equal, {@code opt:bypass=false ≈ opt} where they
 * differ by less than the tolerance.
 */
final class Coincident {
  /** Series closer than this share of the y axis at every x coincide: about one pixel of a 560-pixel chart. */
  static final double TOLERANCE = 0.002;

  private Coincident() {}

  /** Per drawn series (the first of its group, in the given order), the names of its group in order. */
  static Map<String, List<String>> groups(Map<String, double[][]> series, double tolerance) {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      String match = null;
      for (String first : groups.keySet()) {
        double[][] a = series.get(first);
        if (a[0].length > 0 && Arrays.equals(a[0], e.getValue()[0]) && close(a[1], e.getValue()[1], tolerance)) {
          match = first;
          break;
        }
      }
      if (match == null) groups.put(e.getKey(), new ArrayList<>(List.of(e.getKey())));
      else groups.get(match).add(e.getKey());
    }
    // Each group drawn as its member with the shortest label (lru rather than lru-pool, opt rather
    // than opt:bypass=false), that member named first; groups stay in the order of their first member.
    Map<String, List<String>> byRepresentative = new LinkedHashMap<>();
    for (List<String> g : groups.values()) {
      List<String> members = new ArrayList<>(g);
      String rep = members.stream().min((a, b) -> Integer.compare(PolicyLabel.of(a).length(), PolicyLabel.of(b).length())).orElseThrow();
      members.remove(rep);
      members.addFirst(rep);
      byRepresentative.put(rep, members);
    }
    return byRepresentative;
  }

  private static boolean close(double[] a, double[] b, double tolerance) {
    for (int i = 0; i < a.length; i++) {
      if (Double.compare(a[i], b[i]) != 0 && !(Math.abs(a[i] - b[i]) <= tolerance)) return false;
    }
    return true;
  }

  /** The legend entry of a group: its short labels joined by " = " (equal) or " ≈ " (within the tolerance). */
  static String label(List<String> names, Map<String, double[][]> series) {
    StringBuilder out = new StringBuilder(PolicyLabel.of(names.getFirst()));
    double[] first = series.get(names.getFirst())[1];
    for (String n : names.subList(1, names.size())) {
      out.append(Arrays.equals(first, series.get(n)[1]) ? " = " : " \u2248 ").append(PolicyLabel.of(n));
    }
    return out.toString();
  }
}
