package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.AccessStrategy;


/**
 * A page on its way into the pool: the request that missed, shared by the selector callbacks of
 * one miss ({@link VictimSelector#onMiss}, {@code selectVictim}, {@code onEvict}, {@code
 * onAdmit}). Each thread owns one and reuses it for its misses, so a miss allocates nothing.
 */
public final class MissContext {
  private long page;
  private AccessStrategy strategy = AccessStrategy.NORMAL;
  private int pageClass;
  private long ticks;
  private long failedCas;
  private long note;
  private boolean interleaved;

  /** Starts a new miss, not interleaved; clears ticks, failed compare-and-sets and the selector's note. */
  public void begin(long page, AccessStrategy strategy, int pageClass) {
    this.page = page;
    this.strategy = strategy;
    this.pageClass = pageClass;
    this.ticks = 0;
    this.failedCas = 0;
    this.note = 0;
    this.interleaved = false;
  }

  /**
   * Whether other misses may have run since this one's {@link VictimSelector#onMiss}: always on a
   * shared pool, on an exclusive one once the miss has waited for a deferred write (the simulated
   * pipeline's clients). Then the missing page may meanwhile have been loaded and evicted again by
   * another miss, so what {@code onMiss} learnt of the page's history may be out of date by {@code
   * onAdmit}.
   */
  public boolean interleaved() {
    return interleaved;
  }

  /** Says that other misses may run, or have run, since this one's {@code onMiss} (the pool calls it). */
  public void interleave() {
    this.interleaved = true;
  }

  /** The page that missed. */
  public long page() {
    return page;
  }

  /** The access strategy of the request. */
  public AccessStrategy strategy() {
    return strategy;
  }

  /** The page class of the request. */
  public int pageClass() {
    return pageClass;
  }

  /** Adds to the positions the victim search examined for this miss. */
  public void addTicks(long n) {
    ticks += n;
  }

  /** The positions examined for this miss so far. */
  public long ticks() {
    return ticks;
  }

  /**
   * Counts one compare-and-set of the victim search that lost to another thread's change of the
   * same word (the contention the batched-sweep thread measures in locked read-modify-writes).
   */
  public void failedCas() {
    failedCas++;
  }

  /** The victim search's failed compare-and-sets for this miss so far. */
  public long failedCasCount() {
    return failedCas;
  }

  /** Scratch space the selector may use between the callbacks of one miss. */
  public long note() {
    return note;
  }

  /** Sets the selector's scratch value for this miss. */
  public void note(long value) {
    this.note = value;
  }
}
