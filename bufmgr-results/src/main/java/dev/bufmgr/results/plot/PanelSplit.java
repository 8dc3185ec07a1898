package dev.bufmgr.results.plot;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * How a chart with more series than a reader tells apart (about {@value LineChart#MAX_SERIES}) is
 * split into panels, for {@link LineChart} and {@link BarChart} alike: the reference series (LRU
 * and OPT in any form, by {@link PolicyLabel}) go in every panel, the others are split evenly over
 * as few panels as leave room for the references, in their order.
 *
 * @param references the series drawn in every panel
 * @param groups the other series, one list per panel
 */
record PanelSplit(List<String> references, List<List<String>> groups) {

  /** The split of {@code names} (in drawing order), or null when they fit one chart. */
  static PanelSplit of(Collection<String> names) {
    if (names.size() <= LineChart.MAX_SERIES) return null;
    List<String> references = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (String name : names) {
      String label = PolicyLabel.of(name);
      (label.equals("lru") || label.equals("opt") || label.startsWith("opt:") ? references : others).add(name);
    }
    int room = Math.max(1, LineChart.MAX_SERIES - references.size());
    int count = (others.size() + room - 1) / room;
    List<List<String>> groups = new ArrayList<>();
    for (int p = 0; p < count; p++) {
      groups.add(List.copyOf(others.subList(p * others.size() / count, (p + 1) * others.size() / count)));
    }
    return new PanelSplit(List.copyOf(references), List.copyOf(groups));
  }

  /** A panel's title: its series' short labels, then the references it is drawn against. */
  String title(List<String> group) {
    String against = references.isEmpty() ? "" : " against " + String.join(", ", references.stream().map(PolicyLabel::of).toList());
    return String.join(", ", group.stream().map(PolicyLabel::of).toList()) + against;
  }
}
