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

  /** Starts a new miss; clears ticks, failed compare-and-sets and the selector's note. */
  public void begin(long page, AccessStrategy strategy, int pageClass) {
    this.page = page;
    this.strategy = strategy;
    this.pageClass = pageClass;
    this.ticks = 0;
    this.failedCas = 0;
    this.note = 0;
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
