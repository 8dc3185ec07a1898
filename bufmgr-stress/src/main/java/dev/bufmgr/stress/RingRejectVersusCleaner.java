package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.has;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.WriteBackHook;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A BULKREAD ring meeting a dirty buffer while a cleaner writes it. A real two-buffer pool
 * (G-CLOCK, rings on, metadata mode; its BULKREAD ring has one slot). In setup, the ring session
 * read page 1 through its ring into buffer 0 and changed it (dirty, page LSN 10), and the log is
 * durable only to LSN 0; buffer 1 is free. Then the ring session reads page 2 through its ring
 * ({@code PoolSession.pin}: the slot's buffer 0 is claimed if unpinned and cold; dirty, its write
 * would need a log flush, so the ring rejects it and takes the free buffer; clean, it is reused),
 * while a cleaner writes buffer 0 out ({@link BufferWriter#writeNow}, as the checkpointer and the
 * background writer do: pin, start the write, flush the log to the page's LSN, write, finish).
 *
 * <p>Page 1's change must be written exactly once, by the cleaner (the ring never forces a log
 * flush, and never writes while the cleaner's write runs); the ring may reuse buffer 0 only once it
 * is clean; if page 1 stays resident it must be clean (written) at the end.
 *
 * <p>Result: (buffer the ring's read got; writes of page 1 by the cleaner; writes of page 1 by the
 * ring's session, plus 10 for each that needed a log flush, plus 100 if two writes of page 1 ran
 * at once; page 1 at the end: 0 evicted, 1 resident and clean, 2 resident and dirty).
 */
@JCStressTest
@Outcome(id = "0, 1, 0, 0", expect = ACCEPTABLE,
    desc = "The cleaner wrote page 1 first; the ring found buffer 0 clean and reused it for page 2.")
@Outcome(id = "1, 1, 0, 1", expect = ACCEPTABLE,
    desc = "The ring met buffer 0 dirty (rejected: its write needs a log flush), pinned or being written, and took the free buffer; the cleaner wrote page 1.")
@Outcome(id = ".*, .*, .*, 2", expect = FORBIDDEN,
    desc = "Page 1 is still dirty after its write, with no change made since.")
@Outcome(id = ".*, 0, 0, 0", expect = FORBIDDEN,
    desc = "Lost change: page 1 left the pool and was never written.")
@Outcome(id = ".*, .*, [1-9][0-9]*, .*", expect = FORBIDDEN,
    desc = "The ring's session wrote page 1: forcing a log flush, or while the cleaner's write ran.")
@Outcome(expect = FORBIDDEN, desc = "Page 1 written twice or not at all, the ring reusing buffer 0 meanwhile, or the ring's read failed.")
@State
public class RingRejectVersusCleaner {
  private static final long PAGE = 1;
  private static final long RING_PAGE = 2;
  private static final long PAGE_LSN = 10;

  /** The log: durable up to this LSN. A write honours write-ahead by flushing it first. */
  private final AtomicLong durable = new AtomicLong();
  private final AtomicInteger writing = new AtomicInteger();
  private volatile boolean overlapped;
  private final AtomicInteger cleanerWrites = new AtomicInteger();
  private final AtomicInteger ringWrites = new AtomicInteger();

  /** The write-back hook of one writer of the pool: the ring's session or the cleaner. */
  private final class Storage implements WriteBackHook {
    private final boolean cleaner;

    Storage(boolean cleaner) {
      this.cleaner = cleaner;
    }

    @Override
    public boolean needsWalFlush(long pageLsn) {
      return pageLsn > durable.get();
    }

    @Override
    public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
      if (writing.incrementAndGet() > 1) overlapped = true;
      int forced = 0;
      if (pageLsn > durable.get()) {
        durable.accumulateAndGet(pageLsn, Math::max);
        forced = 10;
      }
      if (page == PAGE) {
        if (cleaner) cleanerWrites.incrementAndGet();
        else ringWrites.addAndGet(1 + forced);
      }
      writing.decrementAndGet();
    }
  }

  private final BufferPool pool;
  private final PoolSession ringSession;
  private final BufferWriter cleaner;

  public RingRejectVersusCleaner() {
    pool = new BufferPool(
        PoolConfig.builder().selector("gclock").frames(2).mappingPartitions(1).pageClasses(1).writeBack(new Storage(false)).build());
    ringSession = pool.openSession();
    int b = ringSession.pin(PAGE, AccessStrategy.BULKREAD, 0);
    ringSession.markDirty(b, PAGE_LSN);
    ringSession.unpin(b);
    cleaner = new BufferWriter(pool, new Storage(true));
  }

  @Actor
  public void ring(IIII_Result r) {
    r.r1 = ringSession.pin(RING_PAGE, AccessStrategy.BULKREAD, 0);
  }

  @Actor
  public void clean() {
    cleaner.writeNow(0, DIRTY);
  }

  @Arbiter
  public void outcome(IIII_Result r) {
    r.r2 = cleanerWrites.get();
    r.r3 = ringWrites.get() + (overlapped ? 100 : 0);
    int b = pool.bufferOf(PAGE);
    r.r4 = b < 0 ? 0 : has(pool.descriptors().state(b), DIRTY) ? 2 : 1;
    pool.close();
  }
}
