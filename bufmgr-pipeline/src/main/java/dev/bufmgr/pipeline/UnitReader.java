package dev.bufmgr.pipeline;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;

/**
 * Splits an event stream into the pipeline's {@link Unit}s, in order: a transaction (BEGIN ...
 * COMMIT), a requested checkpoint, or a maximal run of page reads outside any transaction. Every
 * client of a run takes its next unit from one reader, so the transaction sequence is the same in
 * both clocks, whichever client runs which transaction.
 *
 * <p>A malformed stream ends the run with a message naming the input and the event: a COMMIT
 * without BEGIN, a BEGIN inside a transaction, a checkpoint inside a transaction, or a write
 * outside one (only a transaction's changes are logged). A transaction that the end of the input
 * cuts short is not run.
 *
 * <p>Threading: {@link #next} is synchronized; real-time clients share one reader.
 */
public final class UnitReader implements AutoCloseable {
  private final EventSource source;
  private final EventBatch batch = new EventBatch();
  private int at;
  private long eventIndex;
  private boolean ended;
  private long transactions;

  /** A reader of {@code source}, which it closes. */
  public UnitReader(EventSource source) {
    this.source = source;
  }

  /** The input's name, for messages. */
  public String name() {
    return source.name();
  }

  /**
   * Fills {@code unit} with the next unit of work.
   *
   * @return false at the end of the input
   * @throws IllegalArgumentException on a malformed stream
   */
  public synchronized boolean next(Unit unit) {
    unit.clear(Unit.READS);
    boolean inTransaction = false;
    while (true) {
      if (at == batch.size()) {
        if (ended || source.fill(batch) == 0) {
          ended = true;
          if (inTransaction) unit.clear(Unit.READS);
          return unit.size() > 0;
        }
        at = 0;
      }
      long page = batch.pages[at];
      int m = batch.meta[at];
      int kind = EventMeta.kind(m);
      if (!inTransaction && unit.size() > 0 && kind != EventMeta.PAGE) return true;
      at++;
      eventIndex++;
      switch (kind) {
        case EventMeta.BEGIN -> {
          if (inTransaction) throw malformed("begin inside a transaction");
          inTransaction = true;
          unit.kind(Unit.TRANSACTION);
          unit.add(page, m);
        }
        case EventMeta.COMMIT -> {
          if (!inTransaction) throw malformed("commit without begin");
          unit.add(page, m);
          transactions++;
          return true;
        }
        case EventMeta.CHECKPOINT -> {
          if (inTransaction) throw malformed("checkpoint inside a transaction");
          unit.clear(Unit.CHECKPOINT);
          unit.add(page, m);
          return true;
        }
        default -> {
          if (!inTransaction && EventMeta.isWrite(m)) {
            throw malformed("write of page " + page + " outside a transaction (the pipeline logs only a transaction's changes)");
          }
          unit.add(page, m);
        }
      }
    }
  }

  /** Transactions read so far. */
  public synchronized long transactions() {
    return transactions;
  }

  private IllegalArgumentException malformed(String why) {
    return new IllegalArgumentException(source.name() + ": event " + eventIndex + ": " + why);
  }

  @Override
  public void close() {
    source.close();
  }
}
