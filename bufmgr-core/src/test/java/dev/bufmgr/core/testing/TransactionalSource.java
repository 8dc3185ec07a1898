package dev.bufmgr.core.testing;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.EnumSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded transactions for pipeline tests: each one BEGIN, then {@code accesses} page requests over
 * {@code pages} pages (a share {@code writes} of them logged changes of {@code recordBytes}),
 * then a COMMIT of 34 bytes; endless unless a count is given. Pages below {@code pages / 8} are
 * class 1 (a hot eighth drawn half the time), the rest class 2.
 */
public final class TransactionalSource implements EventSource {
  private final SplittableRandom rng;
  private final long pages;
  private final int accesses;
  private final double writes;
  private final int recordBytes;
  private final long transactions;
  private long made;

  public TransactionalSource(long seed, long pages, int accesses, double writes, int recordBytes, long transactions) {
    this.rng = new SplittableRandom(seed);
    this.pages = pages;
    this.accesses = accesses;
    this.writes = writes;
    this.recordBytes = recordBytes;
    this.transactions = transactions;
  }

  /** Endless transactions. */
  public static TransactionalSource endless(long seed, long pages, int accesses, double writes) {
    return new TransactionalSource(seed, pages, accesses, writes, 72, Long.MAX_VALUE);
  }

  @Override
  public String name() {
    return "test-transactions";
  }

  @Override
  public Set<EventField> carries() {
    return EnumSet.allOf(EventField.class);
  }

  @Override
  public int fill(EventBatch batch) {
    batch.clear();
    while (made < transactions && batch.size() + accesses + 2 <= batch.capacity()) {
      batch.add(0, EventMeta.begin());
      for (int i = 0; i < accesses; i++) {
        long hot = Math.max(1, pages / 8);
        long page = rng.nextBoolean() ? rng.nextLong(hot) : rng.nextLong(pages);
        int cls = page < hot ? 1 : 2;
        batch.add(page, rng.nextDouble() < writes
            ? EventMeta.change(AccessStrategy.NORMAL, cls, recordBytes, false)
            : EventMeta.pack(false, AccessStrategy.NORMAL, cls));
      }
      batch.add(0, EventMeta.commit(34));
      made++;
    }
    return batch.size();
  }

  @Override
  public void close() {}
}
