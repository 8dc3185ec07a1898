package dev.bufmgr.workloads.synth;

import java.util.List;

/**
 * The page classes the shaped generators use, so results can say which pages a selector
 * protects. Class 0 is any page of unknown kind.
 */
public final class PageClasses {
  /** Any other page. */
  public static final int OTHER = 0;
  /** The B-tree root page. */
  public static final int INDEX_ROOT = 1;
  /** A B-tree inner (internal, non-root) page. */
  public static final int INDEX_INNER = 2;
  /** A B-tree leaf page. */
  public static final int INDEX_LEAF = 3;
  /** A heap (table) page: pgbench's accounts. */
  public static final int HEAP = 4;
  /** A page of pgbench_tellers or its index. */
  public static final int TELLERS = 5;
  /** A page of pgbench_branches or its index. */
  public static final int BRANCHES = 6;
  /** A page of pgbench_history. */
  public static final int HISTORY = 7;

  private static final List<String> NAMES =
      List.of("other", "index-root", "index-inner", "index-leaf", "heap", "tellers", "branches", "history");

  private PageClasses() {}

  /** The number of named classes. */
  public static int count() {
    return NAMES.size();
  }

  /** The names of classes 0, 1, ... in order. */
  public static List<String> names() {
    return NAMES;
  }

  /** The class's name, or "class-N" for an unnamed one. */
  public static String name(int pageClass) {
    return pageClass >= 0 && pageClass < NAMES.size() ? NAMES.get(pageClass) : "class-" + pageClass;
  }
}
