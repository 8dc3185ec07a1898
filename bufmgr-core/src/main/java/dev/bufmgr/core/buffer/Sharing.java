package dev.bufmgr.core.buffer;

/**
 * Who may use a pool's descriptors (and with them its mapping table and selector).
 *
 * <p>A {@link #SHARED} pool is used by any number of threads at once: every change to a state
 * word is an atomic compare-and-set or add, the mapping takes partition locks, and hands and
 * queues are thread-safe. An {@link #EXCLUSIVE} pool belongs to one thread with one session (the
 * exact, single-threaded replay of DESIGN.md's reference semantics): the same transitions run
 * as plain loads and stores, with no lock and no memory fence, so replay measures the policy and
 * not the cost of coordination that a single thread never needs. Results are identical in both
 * modes; only the speed differs.
 */
public enum Sharing {
  /** Any number of threads; atomic operations and locks. */
  SHARED,
  /** One thread and one session; plain loads and stores. */
  EXCLUSIVE
}
