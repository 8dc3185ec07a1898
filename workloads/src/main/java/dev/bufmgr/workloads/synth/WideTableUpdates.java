package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.Arrays;

/**
 * The table of seeds/001's step 3 and its UPDATEs, as pipeline events: {@code CREATE TABLE wide
 * (id int PRIMARY KEY, n int, pad text)} loaded with 175,000 rows of a 200-character pad, then
 * {@code UPDATE wide SET n = n + 1 WHERE id % m = r}, one transaction per statement. A statement
 * is a sequential scan (each page read through the BULKREAD ring, PostgreSQL's strategy for a
 * table larger than a quarter of shared_buffers) that updates its matching rows page by page.
 *
 * <p>Layout (8 KiB pages, fillfactor 100): a row is a 23-byte header, two ints and the 204-byte
 * text, MAXALIGNed to 240 bytes, plus a 4-byte line pointer: {@value #ROWS_PER_PAGE} rows a page,
 * 5,304 pages, each with 116 bytes free; the primary key is a {@link BTreeShape} (477 leaves).
 *
 * <p>What an update logs follows PostgreSQL's heap: a page with no room for the new version (the
 * loaded table) takes a non-HOT update: the old page is changed ({@value #UPDATE_OLD_PAGE}
 * bytes), the new version goes to the table's last page ({@value #UPDATE_NEW_PAGE} bytes: the
 * whole new tuple is logged; a new last page is initialized, so it never needs an image), and the
 * primary key gets a new entry (INSERT_LEAF, {@value #INSERT_LEAF} bytes). A page that holds dead
 * versions of committed transactions is pruned when it is next read ({@code
 * heap_page_prune_opt}: {@value #PRUNE} bytes), after which updates on it are HOT ({@value
 * #HOT_UPDATE} bytes) as long as the freed space lasts. Record lengths are estimated from their
 * PostgreSQL structures (XLogRecord 24 bytes, block references, {@code xl_heap_update},
 * {@code xl_heap_header}, the tuple's data); index page splits are not modelled.
 */
public final class WideTableUpdates {
  /** Rows loaded. */
  public static final int ROWS = 175_000;
  /** Rows per heap page. */
  public static final int ROWS_PER_PAGE = 33;
  /** Bytes a row takes on its page, line pointer included. */
  public static final int ROW_BYTES = 244;
  /** Free bytes of a loaded page: 8192 - 24 - 33 x 244. */
  public static final int LOADED_FREE = 8192 - 24 - ROWS_PER_PAGE * ROW_BYTES;
  /** Record bytes of a non-HOT update against the old page. */
  public static final int UPDATE_OLD_PAGE = 64;
  /** Record bytes of a non-HOT update against the new page (the new tuple is logged whole). */
  public static final int UPDATE_NEW_PAGE = 224;
  /** Record bytes of the new index entry. */
  public static final int INSERT_LEAF = 64;
  /** Record bytes of pruning a page. */
  public static final int PRUNE = 56;
  /** Record bytes of a HOT update (prefix and suffix compressed: only the changed int). */
  public static final int HOT_UPDATE = 72;
  /** Commit record bytes. */
  public static final int COMMIT = 34;

  private static final long HEAP = 2L << 32;
  private final BTreeShape index = new BTreeShape(ROWS, 1);
  private final int loadedPages = (ROWS + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
  private int[] free;
  private int[] prunable;
  private int[] deadThisStatement;
  private int tailRows;
  private long[] pages = new long[1 << 16];
  private int[] meta = new int[1 << 16];
  private int size;

  /** The loaded table, before any statement. */
  public WideTableUpdates() {
    free = new int[loadedPages + ROWS];
    prunable = new int[free.length];
    deadThisStatement = new int[free.length];
    Arrays.fill(free, 0, loadedPages, LOADED_FREE);
    free[loadedPages - 1] += (loadedPages * ROWS_PER_PAGE - ROWS) * ROW_BYTES;
  }

  /** Pages of the loaded table. */
  public int loadedPages() {
    return loadedPages;
  }

  /** Appends a requested checkpoint (the lab's {@code CHECKPOINT}). */
  public void checkpoint() {
    add(0, EventMeta.checkpoint());
  }

  /** Appends {@code UPDATE wide SET n = n + 1 WHERE id % modulus = residue} as one transaction. */
  public void update(int modulus, int residue) {
    add(0, EventMeta.begin());
    int pagesNow = loadedPages + (tailRows + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
    for (int p = 0; p < loadedPages; p++) {
      add(HEAP | p, EventMeta.pack(false, AccessStrategy.BULKREAD, PageClasses.HEAP));
      if (prunable[p] > 0 && free[p] < 8192 / 10) {
        add(HEAP | p, EventMeta.change(AccessStrategy.BULKREAD, PageClasses.HEAP, PRUNE, false));
        free[p] += prunable[p] * ROW_BYTES;
        prunable[p] = 0;
      }
      for (int id = p * ROWS_PER_PAGE + 1; id <= Math.min(ROWS, (p + 1) * ROWS_PER_PAGE); id++) {
        if (id % modulus == residue % modulus) updateRow(p, id);
      }
    }
    for (int p = loadedPages; p < pagesNow; p++) add(HEAP | p, EventMeta.pack(false, AccessStrategy.BULKREAD, PageClasses.HEAP));
    add(0, EventMeta.commit(COMMIT));
    for (int p = 0; p < free.length; p++) {
      prunable[p] += deadThisStatement[p];
      deadThisStatement[p] = 0;
    }
  }

  private void updateRow(int page, int id) {
    deadThisStatement[page]++;
    if (free[page] >= ROW_BYTES) {
      free[page] -= ROW_BYTES;
      add(HEAP | page, EventMeta.change(AccessStrategy.BULKREAD, PageClasses.HEAP, HOT_UPDATE, false));
      return;
    }
    add(HEAP | page, EventMeta.change(AccessStrategy.BULKREAD, PageClasses.HEAP, UPDATE_OLD_PAGE, false));
    int tail = loadedPages + tailRows / ROWS_PER_PAGE;
    boolean init = tailRows % ROWS_PER_PAGE == 0;
    tailRows++;
    add(HEAP | tail, EventMeta.change(AccessStrategy.NORMAL, PageClasses.HEAP, UPDATE_NEW_PAGE, init));
    add(index.leafPage(id - 1), EventMeta.change(AccessStrategy.NORMAL, PageClasses.INDEX_LEAF, INSERT_LEAF, false));
  }

  private void add(long page, int m) {
    if (size == pages.length) {
      pages = Arrays.copyOf(pages, size * 2);
      meta = Arrays.copyOf(meta, size * 2);
    }
    pages[size] = page;
    meta[size++] = m;
  }

  /** The events so far (a copy). */
  public long[] pages() {
    return Arrays.copyOf(pages, size);
  }

  /** Their packed fields (a copy). */
  public int[] meta() {
    return Arrays.copyOf(meta, size);
  }

  /** The full-page image size of a heap page (full: 33 rows) or an index leaf (90% full); -1 otherwise. */
  public static int imageBytes(int pageClass) {
    return switch (pageClass) {
      case PageClasses.HEAP -> 24 + ROWS_PER_PAGE * ROW_BYTES;
      case PageClasses.INDEX_LEAF -> BTreeShape.PAGE_OVERHEAD + BTreeShape.KEYS_PER_LEAF * BTreeShape.TUPLE_BYTES;
      default -> -1;
    };
  }
}
