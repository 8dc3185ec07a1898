package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.BitSet;

/**
 * The page requests and log records of pgbench's TPC-B-like script ({@code pgbench -b
 * tpcb-like}, or {@code simple-update} for {@code -N}), one transaction per unit, for the
 * pipeline. Per scale unit 100,000 accounts, 10 tellers and 1 branch; aid, tid and bid are drawn
 * uniformly and independently, as the script's {@code random()} calls are.
 *
 * <p>A transaction is: BEGIN; {@code UPDATE pgbench_accounts} (a descent of its primary-key
 * B-tree, then a change of the row's heap page); {@code SELECT abalance} (the descent again and a
 * read of the page that holds the row's current version); {@code UPDATE pgbench_tellers} and
 * {@code UPDATE pgbench_branches} (a read of the table's primary-key index page, then a HOT
 * change of the heap page; tpcb mode only); {@code INSERT INTO pgbench_history} (a change of its
 * tail page, which initializes a new page every {@value #HISTORY_ROWS_PER_PAGE} rows); COMMIT. A
 * share {@code readOnly} of transactions are {@code pgbench -S} lookups instead (BEGIN, the
 * descent and the heap read, a COMMIT that writes no record).
 *
 * <p>Layout, from pgbench's DDL ({@code initCreateTables}, fillfactor 100) and PostgreSQL's 8 KiB
 * page (24-byte header, 4-byte line pointers, MAXALIGNed 23-byte tuple headers):
 *
 * <ul>
 *   <li>accounts: 128-byte tuples (ints and the 84-character filler), {@value #ACCOUNT_ROWS_PER_PAGE}
 *       rows a page; its index as {@link BTreeShape} (367 keys a leaf);
 *   <li>tellers: 40-byte tuples (the filler is NULL), {@value #TELLER_ROWS_PER_PAGE} rows a page;
 *       branches: 32-byte tuples, {@value #BRANCH_ROWS_PER_PAGE} a page; each with its own
 *       primary-key index;
 *   <li>history: 48-byte tuples, {@value #HISTORY_ROWS_PER_PAGE} rows a page, appended.
 * </ul>
 *
 * <p>Log records, in PostgreSQL 15's total record lengths as {@code pg_waldump --stats=record}
 * reports them for this workload (reports/pg-calibration): a HOT update 72 bytes, a history insert
 * 79, a commit 34. Whether an accounts update is HOT follows {@code heap_update} (heapam.c): the new
 * version stays on the row's page only if it fits there (and no indexed column changes, which
 * pgbench's {@code abalance} update never does). After {@code pgbench -i} every accounts page is
 * full (fillfactor 100, 116 bytes left, a version needs 132), so the first update of a page since
 * the load is not HOT: {@code heap_update} marks the old tuple locked while it looks for room (a
 * {@code Heap/LOCK} record, 54 bytes), {@code RelationGetBufferForTuple} finds no page with room
 * in the free-space map and extends the table, so the new version goes to the table's tail page
 * (61 rows a page; the first row initializes it), logged as one {@code Heap/UPDATE} of 171 bytes
 * against the tail page, and the primary key gets a new entry ({@code Btree/INSERT_LEAF}, 64
 * bytes). Every later update of that page finds the old version dead, {@code heap_page_prune_opt}
 * prunes the page first (its free space is under {@code BLCKSZ/10}; a {@code Heap2/PRUNE} record of
 * 63 bytes frees 128 bytes) and the update is HOT. {@code touched} is the share of accounts pages
 * already updated since the load when the stream starts (0 right after {@code pgbench -i}): each
 * page is in it or not by a hash of its number, independent of the stream's draws. Simplified: a
 * moved row's later updates are modelled on its original page, and the rarer prunes of the tellers
 * and branches pages (every tens of updates), page splits and vacuum are not modelled; tellers and
 * branches updates are HOT (their pages have room).
 *
 * <p>Full-page images leave out each page's hole ({@link #imageBytes}): an accounts heap page
 * holds 8,076 bytes, a leaf 7,380, an inner page 5,760, a tellers or branches page what its rows
 * take, a history page half of a full one on average.
 */
public final class TpcbShape {
  /** pgbench's accounts per scale unit ({@code naccounts}). */
  public static final long ACCOUNTS_PER_SCALE = 100_000;
  /** Tellers per scale unit. */
  public static final int TELLERS_PER_SCALE = 10;
  /** Account rows per heap page: 8192 - 24 over 128 + 4 bytes. */
  public static final int ACCOUNT_ROWS_PER_PAGE = 61;
  /** Teller rows per heap page: (8192 - 24) / (40 + 4). */
  public static final int TELLER_ROWS_PER_PAGE = 185;
  /** Branch rows per heap page: (8192 - 24) / (32 + 4). */
  public static final int BRANCH_ROWS_PER_PAGE = 226;
  /** History rows per page: (8192 - 24) / (48 + 4). */
  public static final int HISTORY_ROWS_PER_PAGE = 157;

  /** Record lengths in bytes. */
  public static final int HOT_UPDATE = 72;
  public static final int PRUNE = 63;
  public static final int LOCK = 54;
  public static final int UPDATE = 171;
  public static final int INSERT_LEAF = 64;
  public static final int HISTORY_INSERT = 79;
  public static final int COMMIT = 34;

  static final int ACCOUNTS_INDEX_REL = PgbenchSelectShape.INDEX_REL;
  static final int ACCOUNTS_REL = PgbenchSelectShape.HEAP_REL;
  static final int TELLERS_REL = 3;
  static final int TELLERS_INDEX_REL = 4;
  static final int BRANCHES_REL = 5;
  static final int BRANCHES_INDEX_REL = 6;
  static final int HISTORY_REL = 7;
  private static final long TOUCHED_SALT = 0x70C4ED5A17L;

  /** The script: the full TPC-B-like transaction, or pgbench -N's simple update. */
  public enum Mode {
    TPCB("tpcb"),
    SIMPLE_UPDATE("simple-update");

    private final String label;

    Mode(String label) {
      this.label = label;
    }

    /** The spec's name of the mode. */
    public String label() {
      return label;
    }

    /** Parses {@code tpcb} or {@code simple-update}. */
    public static Mode parse(String text) {
      for (Mode m : values()) if (m.label.equals(text)) return m;
      throw new IllegalArgumentException("tpcb: mode must be tpcb or simple-update, got '" + text + "'");
    }
  }

  private final long accounts;
  private final long tellers;
  private final long branches;
  private final Mode mode;
  private final double touched;
  private final double readOnly;
  private final PgbenchSelectShape accountsTable;
  private final BTreeShape tellersIndex;
  private final BTreeShape branchesIndex;

  /**
   * @param scale pgbench's scale factor (fractions allowed: at least one teller and one branch)
   * @param touched the share of accounts heap pages updated since the load when a stream starts, 0..1
   * @param readOnly the share of transactions that are select-only lookups, 0..1
   */
  public TpcbShape(double scale, Mode mode, double touched, double readOnly) {
    if (!(scale > 0)) throw new IllegalArgumentException("tpcb: scale must be positive");
    this.accounts = Math.max(1, Math.round(scale * ACCOUNTS_PER_SCALE));
    this.tellers = Math.max(1, Math.round(scale * TELLERS_PER_SCALE));
    this.branches = Math.max(1, Math.round(scale));
    this.mode = mode;
    this.touched = touched;
    this.readOnly = readOnly;
    this.accountsTable = new PgbenchSelectShape(accounts);
    this.tellersIndex = new BTreeShape(tellers, TELLERS_INDEX_REL);
    this.branchesIndex = new BTreeShape(branches, BRANCHES_INDEX_REL);
  }

  /** The scale whose tables (accounts, tellers, branches and their indexes) take about {@code pages} pages. */
  public static double scaleFor(long pages) {
    double perScale = new TpcbShape(1, Mode.TPCB, 0, 0).dataPages();
    return Math.max(1e-5, pages / perScale);
  }

  /** Pages of the tables and their indexes, history excluded (it grows with the run). */
  public long dataPages() {
    return accountsTable.heapPages() + accountsTable.indexPages() + tellerPages() + tellersIndex.pages()
        + branchPages() + branchesIndex.pages();
  }

  private long tellerPages() {
    return BTreeShape.ceilDiv(tellers, TELLER_ROWS_PER_PAGE);
  }

  private long branchPages() {
    return BTreeShape.ceilDiv(branches, BRANCH_ROWS_PER_PAGE);
  }

  /** Events of one transaction at most. */
  public int maxUnit() {
    return 2 * accountsTable.requestsPerLookup() + 2 * (tellersIndex.levels() + branchesIndex.levels()) + 10;
  }

  /**
   * The bytes of a full-page image of a page of class {@code pageClass} without its hole, or -1
   * for a class this workload does not use.
   */
  public int imageBytes(int pageClass) {
    return switch (pageClass) {
      case PageClasses.INDEX_ROOT -> accountsTable.index().rootImageBytes(accounts);
      case PageClasses.INDEX_INNER -> BTreeShape.PAGE_OVERHEAD + BTreeShape.FANOUT * BTreeShape.TUPLE_BYTES;
      case PageClasses.INDEX_LEAF -> BTreeShape.PAGE_OVERHEAD + BTreeShape.KEYS_PER_LEAF * BTreeShape.TUPLE_BYTES;
      case PageClasses.HEAP -> 24 + ACCOUNT_ROWS_PER_PAGE * (128 + 4);
      case PageClasses.TELLERS -> 24 + (int) Math.min(TELLER_ROWS_PER_PAGE, tellers) * (40 + 4);
      case PageClasses.BRANCHES -> 24 + (int) Math.min(BRANCH_ROWS_PER_PAGE, branches) * (32 + 4);
      case PageClasses.HISTORY -> 24 + (HISTORY_ROWS_PER_PAGE / 2) * (48 + 4);
      default -> -1;
    };
  }

  /** The accounts rows. */
  public long accounts() {
    return accounts;
  }

  /** A stream of transactions drawn with {@code rng}, history rows numbered from 0. */
  public PageStream stream(SplitMix64 rng) {
    return new PageStream() {
      private long historyRows;
      private long movedRows;
      private final BitSet updated = new BitSet();

      @Override
      public int maxUnit() {
        return TpcbShape.this.maxUnit();
      }

      @Override
      public boolean transactional() {
        return true;
      }

      @Override
      public int imageBytes(int pageClass) {
        return TpcbShape.this.imageBytes(pageClass);
      }

      @Override
      public long dataPages() {
        return TpcbShape.this.dataPages();
      }

      @Override
      public void emit(EventBatch out) {
        out.add(0, EventMeta.begin());
        long aid = rng.nextLong(accounts);
        if (readOnly > 0 && rng.nextDouble() < readOnly) {
          accountsTable.lookup(aid, out);
          out.add(0, EventMeta.commit(0));
          return;
        }
        BTreeShape index = accountsTable.index();
        index.descend(aid, out, PageClasses.INDEX_ROOT, PageClasses.INDEX_INNER, PageClasses.INDEX_LEAF);
        long rowPage = accountsTable.heapPage(aid);
        int page = (int) (rowPage & 0xFFFF_FFFFL);
        if (updated.get(page) || initiallyTouched(page)) {
          out.add(rowPage, change(PageClasses.HEAP, PRUNE, false));
          out.add(rowPage, change(PageClasses.HEAP, HOT_UPDATE, false));
        } else {
          updated.set(page);
          out.add(rowPage, change(PageClasses.HEAP, LOCK, false));
          long moved = movedRows++;
          rowPage = ((long) ACCOUNTS_REL << 32) | (accountsTable.heapPages() + moved / ACCOUNT_ROWS_PER_PAGE);
          out.add(rowPage, change(PageClasses.HEAP, UPDATE, moved % ACCOUNT_ROWS_PER_PAGE == 0));
          out.add(index.leafPage(aid), change(PageClasses.INDEX_LEAF, INSERT_LEAF, false));
        }
        index.descend(aid, out, PageClasses.INDEX_ROOT, PageClasses.INDEX_INNER, PageClasses.INDEX_LEAF);
        out.add(rowPage, BTreeShape.read(PageClasses.HEAP));
        if (mode == Mode.TPCB) {
          long tid = rng.nextLong(tellers);
          long bid = rng.nextLong(branches);
          tellersIndex.descend(tid, out, PageClasses.TELLERS, PageClasses.TELLERS, PageClasses.TELLERS);
          out.add(((long) TELLERS_REL << 32) | (tid / TELLER_ROWS_PER_PAGE), change(PageClasses.TELLERS, HOT_UPDATE, false));
          branchesIndex.descend(bid, out, PageClasses.BRANCHES, PageClasses.BRANCHES, PageClasses.BRANCHES);
          out.add(((long) BRANCHES_REL << 32) | (bid / BRANCH_ROWS_PER_PAGE), change(PageClasses.BRANCHES, HOT_UPDATE, false));
        }
        long row = historyRows++;
        out.add(((long) HISTORY_REL << 32) | (row / HISTORY_ROWS_PER_PAGE),
            change(PageClasses.HISTORY, HISTORY_INSERT, row % HISTORY_ROWS_PER_PAGE == 0));
        out.add(0, EventMeta.commit(COMMIT));
      }
    };
  }

  /** Whether accounts heap page {@code page} was updated since the load before the stream started. */
  boolean initiallyTouched(long page) {
    return touched > 0 && (SplitMix64.derive(TOUCHED_SALT, page) >>> 11) * 0x1.0p-53 < touched;
  }

  private static int change(int pageClass, int bytes, boolean init) {
    return EventMeta.change(AccessStrategy.NORMAL, pageClass, bytes, init);
  }
}
