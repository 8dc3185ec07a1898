package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Sharing;
import java.util.function.Supplier;

/**
 * The cursors of a clock hand: one per thread, made on first use, when the hand is shared; a
 * single one, with no thread-local lookup, when it is {@link Sharing#EXCLUSIVE}.
 */
final class Cursors<C extends HandCursor> {
  private final ThreadLocal<C> perThread;
  private final C only;

  Cursors(Sharing sharing, Supplier<C> make) {
    boolean exclusive = sharing == Sharing.EXCLUSIVE;
    this.perThread = exclusive ? null : ThreadLocal.withInitial(make);
    this.only = exclusive ? make.get() : null;
  }

  /** The calling thread's cursor. */
  C get() {
    return only != null ? only : perThread.get();
  }

  /** The one cursor of an exclusive hand, or {@code null} for a shared one. */
  C exclusive() {
    return only;
  }
}
