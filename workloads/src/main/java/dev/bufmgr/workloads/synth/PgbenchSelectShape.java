package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;

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
  public static final int KEYS_PER_LEAF = BTreeShape.KEYS_PER_LEAF;
  /** Downlinks per B-tree inner page. */
  public static final int FANOUT = BTreeShape.FANOUT;

  /** The relation numbers of the accounts heap and its primary-key index (page id bits 32 and up). */
  static final int INDEX_REL = 1;
  static final int HEAP_REL = 2;

  private final long accounts;
  private final BTreeShape index;

  /** The shape for {@code accounts} rows (at least 1). */
  public PgbenchSelectShape(long accounts) {
    if (accounts < 1) throw new IllegalArgumentException("pgbench-select needs at least one account row");
    this.accounts = accounts;
    this.index = new BTreeShape(accounts, INDEX_REL);
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

  /** The account rows. */
  public long accounts() {
    return accounts;
  }

  /** Pages in the index, root to leaves. */
  public long indexPages() {
    return index.pages();
  }

  /** Pages in the heap. */
  public long heapPages() {
    return BTreeShape.ceilDiv(accounts, ROWS_PER_HEAP_PAGE);
  }

  /** Page requests per lookup: the tree's height plus the heap page. */
  public int requestsPerLookup() {
    return index.levels() + 1;
  }

  /** Appends the requests of the lookup of row {@code aid} (0-based). */
  public void lookup(long aid, EventBatch out) {
    index.descend(aid, out, PageClasses.INDEX_ROOT, PageClasses.INDEX_INNER, PageClasses.INDEX_LEAF);
    out.add(heapPage(aid), BTreeShape.read(PageClasses.HEAP));
  }

  /** The heap page that holds row {@code aid} (0-based). */
  long heapPage(long aid) {
    return ((long) HEAP_REL << 32) | (aid / ROWS_PER_HEAP_PAGE);
  }

  /** The primary-key index. */
  BTreeShape index() {
    return index;
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

      @Override
      public long dataPages() {
        return indexPages() + heapPages();
      }
    };
  }
}
