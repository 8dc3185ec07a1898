package dev.bufmgr.results.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The union of the rows' field names, in first-seen order. */
final class Columns {
  private Columns() {}

  static List<String> of(List<ResultRow> rows) {
    Set<String> names = new LinkedHashSet<>();
    for (ResultRow r : rows) names.addAll(r.fields().keySet());
    return new ArrayList<>(names);
  }
}
