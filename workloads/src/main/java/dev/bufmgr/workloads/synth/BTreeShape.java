package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;

/**
 * The pages of a PostgreSQL B-tree over {@code keys} int4 keys, 8 KiB pages: {@value
 * #KEYS_PER_LEAF} keys per leaf (leaf fillfactor 90) and {@value #FANOUT} downlinks per inner page
 * (inner fillfactor 70, {@code BTREE_NONLEAF_FILLFACTOR}), levels numbered from the root. Page ids
 * are {@code relation << 32 | block}, blocks numbered level by level from the root.
 */
final class BTreeShape {
  /** Keys per leaf page. */
  static final int KEYS_PER_LEAF = 367;
  /** Downlinks per inner page. */
  static final int FANOUT = 286;
  /** Bytes per index tuple with its line pointer (int4 key: 8-byte header + 4 bytes, MAXALIGNed, + 4). */
  static final int TUPLE_BYTES = 20;
  /** Page header (24) plus the B-tree special space (16). */
  static final int PAGE_OVERHEAD = 40;

  private final long relation;
  private final long[] levelSize;
  private final long[] levelStart;

  BTreeShape(long keys, int relation) {
    this.relation = (long) relation << 32;
    int levels = 1;
    for (long w = leaves(keys); w > 1; w = ceilDiv(w, FANOUT)) levels++;
    levelSize = new long[levels];
    levelStart = new long[levels];
    long w = leaves(keys);
    for (int l = levels - 1; l >= 0; l--) {
      levelSize[l] = w;
      w = ceilDiv(w, FANOUT);
    }
    long start = 0;
    for (int l = 0; l < levels; l++) {
      levelStart[l] = start;
      start += levelSize[l];
    }
  }

  private static long leaves(long keys) {
    return ceilDiv(keys, KEYS_PER_LEAF);
  }

  static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  /** Levels, root to leaves. */
  int levels() {
    return levelSize.length;
  }

  /** Pages in the tree. */
  long pages() {
    return levelStart[levelSize.length - 1] + levelSize[levelSize.length - 1];
  }

  /** The page of the leaf that holds key {@code key} (0-based). */
  long leafPage(long key) {
    return relation | (levelStart[levelSize.length - 1] + key / KEYS_PER_LEAF);
  }

  /** The bytes a full-page image of the root takes: its downlinks (or keys, when it is the only level). */
  int rootImageBytes(long keys) {
    long entries = levelSize.length == 1 ? keys : levelSize[1];
    return (int) Math.min(8192, PAGE_OVERHEAD + entries * TUPLE_BYTES);
  }

  /**
   * Appends reads of the descent to key {@code key}, root to leaf, with page classes {@code
   * rootClass}, {@code innerClass} and {@code leafClass}.
   */
  void descend(long key, EventBatch out, int rootClass, int innerClass, int leafClass) {
    int levels = levelSize.length;
    long leaf = key / KEYS_PER_LEAF;
    for (int l = 0; l < levels; l++) {
      long node = leaf;
      for (int up = levels - 1; up > l; up--) node /= FANOUT;
      int cls = l == 0 ? rootClass : l == levels - 1 ? leafClass : innerClass;
      out.add(relation | (levelStart[l] + node), READ[cls]);
    }
  }

  private static final int[] READ = new int[EventMeta.MAX_PAGE_CLASS + 1];

  static {
    for (int c = 0; c < READ.length; c++) READ[c] = EventMeta.pack(false, AccessStrategy.NORMAL, c);
  }

  /** The packed read of a page of class {@code pageClass}. */
  static int read(int pageClass) {
    return READ[pageClass];
  }
}
