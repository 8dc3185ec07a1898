package dev.bufmgr.core.evict;

/**
 * Thrown when a victim search finds every buffer pinned. PostgreSQL raises the same condition
 * as {@code ERROR: no unpinned buffers available} ({@code StrategyGetBuffer} in freelist.c)
 * rather than spin forever.
 */
public final class NoUnpinnedBuffersException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public NoUnpinnedBuffersException(String selector, int frames) {
    super("no unpinned buffers available (" + selector + ", " + frames + " buffers, all pinned)");
  }
}
