package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventMeta;

/**
 * The page requests of {@code pgbench -S} ({@code SELECT abalance FROM pgbench_accounts WHERE
 * aid = :aid}, aid uniform): per lookup, a descent of the primary-key B-tree (root, inner levels,
 * leaf) and then the heap page holding the row. Sizes follow PostgreSQL 8 KiB pages: 61 account
 * rows per heap page (fillfactor 100; scale 1 is 1,640 heap pages), 367 int4 keys per leaf at
 * the default leaf fillfactor 90, and 286 downlinks per inner page. Page ids pack a relation
 * number above bit 32 (1 = index, 2 = heap) and the block below it.
 */
public final class PgbenchSelectShape {
  /** Rows per scale unit (pgbench's naccounts). */
  public static final long ROWS_PER_SCALE = 100_000;
  /** Account rows per heap page. */
  public static final int ROWS_PER_HEAP_PAGE = 61;
  /** Keys per B-tree leaf page. */
  public static final int KEYS_PER_LEAF = 367;
  /** Downlinks per B-tree inner page. */
  public static final int FANOUT = 286;

  private static final long INDEX_REL = 1L << 32;
  private static final long HEAP_REL = 2L << 32;

  private final long accounts;
  private final long[] levelSize;
  private final long[] levelStart;

  /** The shape for {@code accounts} rows (at least 1). */
  public PgbenchSelectShape(long accounts) {
    if (accounts < 1) throw new IllegalArgumentException("pgbench-select needs at least one account row");
    this.accounts = accounts;
    int levels = 1;
    for (long w = leaves(accounts); w > 1; w = ceilDiv(w, FANOUT)) levels++;
    levelSize = new long[levels];
    levelStart = new long[levels];
    long w = leaves(accounts);
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

  /**
   * The largest number of account rows whose index fits in {@code share} of {@code frames}
   * buffers; then the heap, about six times the index, does not fit.
   */
  public static long accountsFor(int frames, double share) {
    long budget = (long) Math.floor(frames * share);
    if (new PgbenchSelectShape(1).indexPages() > budget) {
      throw new IllegalArgumentException("pgbench-select: " + frames + " frames are too few for any index");
    }
    long lo = 1;
    long hi = Math.max(2, budget * KEYS_PER_LEAF);
    while (lo < hi) {
      long mid = (lo + hi + 1) >>> 1;
      if (new PgbenchSelectShape(mid).indexPages() <= budget) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private static long leaves(long rows) {
    return ceilDiv(rows, KEYS_PER_LEAF);
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  /** The account rows. */
  public long accounts() {
    return accounts;
  }

  /** Pages in the index, root to leaves. */
  public long indexPages() {
    return levelStart[levelSize.length - 1] + levelSize[levelSize.length - 1];
  }

  /** Pages in the heap. */
  public long heapPages() {
    return ceilDiv(accounts, ROWS_PER_HEAP_PAGE);
  }

  /** Page requests per lookup: the tree's height plus the heap page. */
  public int requestsPerLookup() {
    return levelSize.length + 1;
  }

  /** Appends the requests of the lookup of row {@code aid} (0-based). */
  public void lookup(long aid, EventBatch out) {
    int levels = levelSize.length;
    long leaf = aid / KEYS_PER_LEAF;
    for (int l = 0; l < levels; l++) {
      long node = leaf;
      for (int up = levels - 1; up > l; up--) node /= FANOUT;
      int cls = l == 0 ? PageClasses.INDEX_ROOT : l == levels - 1 ? PageClasses.INDEX_LEAF : PageClasses.INDEX_INNER;
      out.add(INDEX_REL | (levelStart[l] + node), META[cls]);
    }
    out.add(HEAP_REL | (aid / ROWS_PER_HEAP_PAGE), META[PageClasses.HEAP]);
  }

  private static final int[] META = new int[PageClasses.count()];

  static {
    for (int c = 0; c < META.length; c++) META[c] = EventMeta.pack(false, AccessStrategy.NORMAL, c);
  }

  /** A stream of lookups with aid uniform over all rows. */
  public PageStream stream(SplitMix64 rng) {
    return new PageStream() {
      @Override
      public int maxUnit() {
        return requestsPerLookup();
      }

      @Override
      public void emit(EventBatch out) {
        lookup(rng.nextLong(accounts), out);
      }
    };
  }
}
