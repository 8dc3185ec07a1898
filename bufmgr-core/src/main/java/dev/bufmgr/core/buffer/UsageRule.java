package dev.bufmgr.core.buffer;

/**
 * How a hit changes a buffer's usage bits: the one part of a selector's policy that runs inside
 * the compare-and-set that pins the buffer ({@link BufferTransitions#tryPin}), so that a hit costs
 * one atomic operation and no callback. PostgreSQL's {@code PinBuffer} (bufmgr.c) raises the usage
 * count by one up to {@code BM_MAX_USAGE_COUNT} in the same way. Every victim selector is one
 * ({@code dev.bufmgr.core.evict.VictimSelector}); the state word's transitions know only this rule.
 *
 * <p>A pure function, called concurrently from any thread, possibly several times per operation
 * (inside compare-and-set retry loops).
 */
@FunctionalInterface
public interface UsageRule {
  /** The usage bits after a hit through {@code strategy} on a buffer whose bits were {@code usage}. */
  int usageAfterHit(int usage, AccessStrategy strategy);
}
