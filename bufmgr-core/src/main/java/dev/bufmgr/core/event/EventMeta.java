package dev.bufmgr.core.event;

import dev.bufmgr.core.buffer.AccessStrategy;

/**
 * Packs an event's small fields into one int, the form in which events travel in batches and
 * binary traces:
 *
 * <pre>
 *  bit  0       write: the request changes (dirties) the page
 *  bits 1..2    access strategy ordinal (normal, bulkread, bulkwrite, vacuum)
 *  bits 3..10   page class, 0..255
 *  bits 11..12  kind: 0 a page request, 1 BEGIN, 2 COMMIT, 3 CHECKPOINT
 *  bit  13      init: the change initializes the page (PostgreSQL's REGBUF_WILL_INIT), so it never
 *               needs a full-page image
 *  bits 14..31  log record bytes, 0..262143: for a page change the size of its write-ahead log
 *               record (0 when the input does not say: the pipeline then logs its smallest
 *               record); for a COMMIT the size of the commit record (0: a read-only transaction,
 *               which writes none)
 * </pre>
 *
 * The value 0 means a normal read of class 0. Bits 0..10 are the layout of version 1 of the
 * binary trace form, so older files read unchanged. A marker event (BEGIN, COMMIT, CHECKPOINT) is
 * not a page request: its page id is meaningless and page-request consumers (replay) skip it.
 */
public final class EventMeta {
  /** The largest page class an event can carry. */
  public static final int MAX_PAGE_CLASS = 255;
  /** The largest log record size an event can carry, in bytes. */
  public static final int MAX_RECORD_BYTES = (1 << 18) - 1;

  /** Kind of a page request. */
  public static final int PAGE = 0;
  /** Kind of a transaction's start. */
  public static final int BEGIN = 1;
  /** Kind of a transaction's commit (its record size in the record bytes). */
  public static final int COMMIT = 2;
  /** Kind of a requested checkpoint (PostgreSQL's {@code CHECKPOINT} command). */
  public static final int CHECKPOINT = 3;

  private static final int KIND_SHIFT = 11;
  private static final int KIND_MASK = 3 << KIND_SHIFT;
  private static final int INIT = 1 << 13;
  private static final int RECORD_SHIFT = 14;
  private static final AccessStrategy[] STRATEGIES = AccessStrategy.values();

  private EventMeta() {}

  /** Packs a page request; throws when the page class is outside 0..255. */
  public static int pack(boolean write, AccessStrategy strategy, int pageClass) {
    if (pageClass < 0 || pageClass > MAX_PAGE_CLASS) {
      throw new IllegalArgumentException("page class " + pageClass + " outside 0.." + MAX_PAGE_CLASS);
    }
    return (write ? 1 : 0) | (strategy.ordinal() << 1) | (pageClass << 3);
  }

  /**
   * Packs a logged page change: a write whose write-ahead log record has {@code recordBytes}
   * bytes; {@code init} when the change initializes the page (no full-page image is ever needed).
   */
  public static int change(AccessStrategy strategy, int pageClass, int recordBytes, boolean init) {
    return pack(true, strategy, pageClass) | record(recordBytes) | (init ? INIT : 0);
  }

  /** A transaction's start. */
  public static int begin() {
    return BEGIN << KIND_SHIFT;
  }

  /** A transaction's commit, with a commit record of {@code recordBytes} bytes. */
  public static int commit(int recordBytes) {
    return (COMMIT << KIND_SHIFT) | record(recordBytes);
  }

  /** A requested checkpoint. */
  public static int checkpoint() {
    return CHECKPOINT << KIND_SHIFT;
  }

  private static int record(int bytes) {
    if (bytes < 0 || bytes > MAX_RECORD_BYTES) {
      throw new IllegalArgumentException("log record of " + bytes + " bytes outside 0.." + MAX_RECORD_BYTES);
    }
    return bytes << RECORD_SHIFT;
  }

  /** Whether the packed event writes its page. */
  public static boolean isWrite(int meta) {
    return (meta & 1) != 0;
  }

  /** The packed event's access strategy. */
  public static AccessStrategy strategy(int meta) {
    return STRATEGIES[(meta >>> 1) & 3];
  }

  /** The packed event's page class. */
  public static int pageClass(int meta) {
    return (meta >>> 3) & MAX_PAGE_CLASS;
  }

  /** The packed event's kind: {@link #PAGE}, {@link #BEGIN}, {@link #COMMIT} or {@link #CHECKPOINT}. */
  public static int kind(int meta) {
    return (meta & KIND_MASK) >>> KIND_SHIFT;
  }

  /** Whether the packed event is a page request (not a marker). */
  public static boolean isPage(int meta) {
    return (meta & KIND_MASK) == 0;
  }

  /** Whether a page change initializes its page (never a full-page image). */
  public static boolean initializes(int meta) {
    return (meta & INIT) != 0;
  }

  /** The log record bytes of a page change or a commit. */
  public static int recordBytes(int meta) {
    return meta >>> RECORD_SHIFT;
  }

  /** A readable rendering for messages and test failures, e.g. {@code w NORMAL class 4 72B}. */
  public static String describe(int meta) {
    return switch (kind(meta)) {
      case BEGIN -> "begin";
      case COMMIT -> "commit " + recordBytes(meta) + "B";
      case CHECKPOINT -> "checkpoint";
      default -> (isWrite(meta) ? "w " : "r ") + strategy(meta) + " class " + pageClass(meta)
          + (recordBytes(meta) > 0 ? " " + recordBytes(meta) + "B" : "") + (initializes(meta) ? " init" : "");
    };
  }
}
