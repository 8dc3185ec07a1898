package dev.bufmgr.pipeline;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.wal.WalInsert;
import java.util.function.LongUnaryOperator;

/**
 * One client's changes, as a PostgreSQL backend makes them: a change to a pinned page inserts its
 * record into the log (with a full-page image when the page's LSN is at or before the redo point
 * and full-page writes are on, {@link WalInsert}), sets the page's LSN to the record's and marks
 * the buffer dirty ({@code MarkBufferDirty} after {@code XLogInsert}, with {@code PageSetLSN});
 * a commit inserts its commit record. How a client waits (for a victim's write, for its commit)
 * is its driver's: the simulation or a real thread. Not thread-safe; one per client.
 */
public final class Backend {
  private final PoolSession session;
  private final Descriptors descriptors;
  private final WalInsert wal;
  private final PageImages images;
  private final LongUnaryOperator storedLsn;
  private final ContentLocks locks;

  /**
   * @param images the full-page image size of each page class, or {@link PageImages#OFF} for
   *     full_page_writes = off
   * @param storedLsn the LSN of a page's version on storage (0: never written), which a page
   *     read back into the pool carries (PostgreSQL's {@code pd_lsn}, in the page itself)
   * @param locks the content locks every backend of the pool shares
   */
  public Backend(PoolSession session, Descriptors descriptors, WalInsert wal, PageImages images, LongUnaryOperator storedLsn,
      ContentLocks locks) {
    this.session = session;
    this.descriptors = descriptors;
    this.wal = wal;
    this.images = images;
    this.storedLsn = storedLsn;
    this.locks = locks;
  }

  /** The pool session this backend changes pages through. */
  public PoolSession session() {
    return session;
  }

  /**
   * Logs the page change {@code meta} (a write event, {@link EventMeta}) to {@code page}, held
   * pinned in {@code buffer}, and marks the buffer dirty with the record's LSN, holding the
   * buffer's content lock. A page not
   * changed since it was read in has the LSN of its stored version, looked up only when an image
   * could be due (the pool keeps no LSN for a clean page it loaded). (A record that
   * PostgreSQL writes for two blocks, such as a non-HOT update's old and new heap pages, arrives
   * as one change per block with the record's bytes shared between them.)
   *
   * @return the page's new LSN
   */
  public long change(int buffer, long page, int meta) {
    boolean init = EventMeta.initializes(meta);
    int image = init ? 0 : images.bytes(EventMeta.pageClass(meta));
    locks.lock(buffer);
    try {
      long pageLsn = descriptors.lsn(buffer);
      if (pageLsn == 0 && image > 0) pageLsn = storedLsn.applyAsLong(page);
      long lsn = wal.insertPageChange(page, pageLsn, EventMeta.recordBytes(meta), image, init);
      session.markDirty(buffer, lsn);
      return lsn;
    } finally {
      locks.unlock(buffer);
    }
  }

  /**
   * Inserts the commit record of commit event {@code meta}; a read-only transaction (a commit of
   * 0 bytes) writes none, as PostgreSQL's transactions without an xid do not.
   *
   * @return the LSN the log must be durable to before the commit is acknowledged, 0 for none
   */
  public long commit(long commitId, int meta) {
    int bytes = EventMeta.recordBytes(meta);
    return bytes == 0 ? 0 : wal.insertCommit(commitId, bytes);
  }
}
