package dev.bufmgr.pipeline;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive content locks for page changes, PostgreSQL's {@code LockBuffer(buf,
 * BUFFER_LOCK_EXCLUSIVE)}: a backend changes a page, logs the change and sets the page's LSN
 * while no other backend changes it, so two changes of one page never both see it unlogged since
 * the redo point (and both log an image). Locks are striped by buffer. The simulation, whose
 * clients never run at once, takes none ({@link #NONE}).
 */
public sealed interface ContentLocks permits ContentLocks.Striped, ContentLocks.None {
  /** No locking: one thread changes every page. */
  ContentLocks NONE = new None();

  /** Locks buffer {@code b}'s content for a change. */
  void lock(int b);

  /** Unlocks it. */
  void unlock(int b);

  /** Striped locks for real threads. */
  static ContentLocks striped() {
    return new Striped();
  }

  /** {@value Striped#STRIPES} reentrant locks, buffer b taking lock b mod the stripes. */
  final class Striped implements ContentLocks {
    static final int STRIPES = 1024;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    Striped() {
      for (int i = 0; i < STRIPES; i++) locks[i] = new ReentrantLock();
    }

    @Override
    public void lock(int b) {
      locks[b & (STRIPES - 1)].lock();
    }

    @Override
    public void unlock(int b) {
      locks[b & (STRIPES - 1)].unlock();
    }
  }

  /** No locks. */
  final class None implements ContentLocks {
    @Override
    public void lock(int b) {}

    @Override
    public void unlock(int b) {}
  }
}
