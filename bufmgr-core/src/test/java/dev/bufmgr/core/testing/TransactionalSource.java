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
 * class 1 (a hot eighth drawn half the time), the rest class 2. Optionally a CHECKPOINT follows
 * every so many transactions ({@link #withCheckpointEvery}), so that a test on real threads gets
 * its checkpoints by count instead of by time.
 */
public final class TransactionalSource implements EventSource {
  private final SplittableRandom rng;
  private final long pages;
  private final int accesses;
  private final double writes;
  private final int recordBytes;
  private final long transactions;
  private long checkpointEvery;
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

  /** Makes a CHECKPOINT follow every {@code every} transactions (a positive count); returns this source. */
  public TransactionalSource withCheckpointEvery(long every) {
    if (every < 1) throw new IllegalArgumentException("checkpoint every " + every + " transactions");
    this.checkpointEvery = every;
    return this;
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
    int room = accesses + (checkpointEvery > 0 ? 3 : 2);
    while (made < transactions && batch.size() + room <= batch.capacity()) {
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
      if (checkpointEvery > 0 && made % checkpointEvery == 0) batch.add(0, EventMeta.checkpoint());
    }
    return batch.size();
  }

  @Override
  public void close() {}
}
