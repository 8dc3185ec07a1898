package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.claimed;
import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.Admission;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.queue.BufferQueue;
import dev.bufmgr.core.evict.queue.QueueSweepView;
import dev.bufmgr.core.pool.AccessStrategy;

/**
 * Full 2Q (Johnson and Shasha, VLDB '94), following libCacheSim's {@code TwoQ.c} (c9efc95) with
 * unit-size objects. Loaded pages enter A1in, a FIFO; a hit there changes nothing. While A1in
 * holds more than {@code kin} pages the victim is its oldest, and that page's id enters A1out, a
 * FIFO of at most {@code kout} ids; otherwise the victim is the tail of Am, an LRU list. A miss
 * for a page A1out holds removes the id and loads the page into Am's head; a hit in Am moves the
 * page to its head.
 *
 * <p>In the pool: a search that finds its queue pinned from end to end tries the other queue,
 * and gives up with {@link NoUnpinnedBuffersException} when both are. A page that leaves A1in for
 * any reason (a ring's reuse too) enters A1out. Rings: a ring hit moves nothing; a ring reuses
 * only a buffer no normal hit has touched since it was loaded. Departure: libCacheSim caches
 * nothing when {@code kin} is 0 (a pool under 4 buffers at the default), a pool must; here such a
 * pool takes its victims from A1in while it holds any.
 *
 * <p>Concurrency: the queues and A1out are guarded by the selector's lock on a shared pool (a
 * hit in Am takes it), and by nothing on an exclusive one.
 */
final class TwoQSelector implements VictimSelector {
  private static final long FROM_GHOST = 1;

  private final Descriptors descriptors;
  private final int kin;
  private final String name;
  private final boolean exclusive;
  private final BufferQueue in;
  private final BufferQueue main;
  private final GhostIds out;
  private long examinedIn;
  private long examinedMain;
  private final CleaningView cleaning;

  TwoQSelector(Descriptors descriptors, int kin, int kout, String name) {
    this.descriptors = descriptors;
    this.kin = kin;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.in = new BufferQueue(descriptors.frames());
    this.main = new BufferQueue(descriptors.frames());
    this.out = new GhostIds(kout);
    Object lock = exclusive ? null : this;
    CleaningView fromIn = new QueueSweepView(lock, in, () -> BufferQueue.NONE, () -> examinedIn, (b, st) -> !isPinned(st));
    CleaningView fromMain = new QueueSweepView(lock, main, () -> BufferQueue.NONE, () -> examinedMain, (b, st) -> !isPinned(st));
    this.cleaning = new CleaningView() {
      @Override
      public int sweeps() {
        return 2;
      }

      private CleaningView of(int sweep) {
        return sweep == 0 ? fromIn : fromMain;
      }

      @Override
      public int length(int sweep) {
        return of(sweep).length(0);
      }

      @Override
      public long position(int sweep) {
        return of(sweep).position(0);
      }

      @Override
      public int bufferAt(int sweep, long position) {
        return of(sweep).bufferAt(0, position);
      }

      @Override
      public boolean reusable(int buffer, long state) {
        return !isPinned(state);
      }
    };
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 0;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    return strategy.usesRing() ? usage : 1;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public void onHit(int buffer, AccessStrategy strategy) {
    if (strategy.usesRing()) return;
    if (exclusive) {
      refresh(buffer);
      return;
    }
    synchronized (this) {
      refresh(buffer);
    }
  }

  private void refresh(int b) {
    if (main.contains(b)) main.pushHead(b);
  }

  @Override
  public void onMiss(Admission admission) {
    boolean ghost;
    if (exclusive) {
      ghost = out.remove(admission.page());
    } else {
      synchronized (this) {
        ghost = out.remove(admission.page());
      }
    }
    admission.note(ghost ? FROM_GHOST : 0);
  }

  @Override
  public int selectVictim(Admission admission) {
    if (exclusive) return search(admission);
    synchronized (this) {
      return search(admission);
    }
  }

  private int search(Admission admission) {
    boolean fromIn = in.size() > kin || main.size() == 0;
    int b = claimOldest(fromIn ? in : main, admission, fromIn);
    if (b < 0) b = claimOldest(fromIn ? main : in, admission, !fromIn);
    if (b < 0) throw new NoUnpinnedBuffersException(name, descriptors.frames());
    return b;
  }

  /** Claims the oldest unpinned buffer of {@code q}, or returns -1 when every one is pinned. */
  private int claimOldest(BufferQueue q, Admission admission, boolean isIn) {
    int b = q.tail();
    long ticks = 0;
    try {
      while (b != BufferQueue.NONE) {
        ticks++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          b = q.newer(b);
        } else if (descriptors.compareAndSetState(b, st, claimed(st))) {
          return b;
        }
      }
      return -1;
    } finally {
      admission.addTicks(ticks);
      if (isIn) examinedIn += ticks;
      else examinedMain += ticks;
    }
  }

  @Override
  public void onEvict(int buffer, long page, Admission admission) {
    if (exclusive) {
      leave(buffer, page);
      return;
    }
    synchronized (this) {
      leave(buffer, page);
    }
  }

  private void leave(int b, long page) {
    if (in.contains(b)) {
      in.unlink(b);
      out.add(page);
    } else {
      main.unlink(b);
    }
  }

  @Override
  public void onAdmit(int buffer, Admission admission) {
    if (exclusive) {
      admit(buffer, admission.note() == FROM_GHOST);
      return;
    }
    synchronized (this) {
      admit(buffer, admission.note() == FROM_GHOST);
    }
  }

  private void admit(int b, boolean fromGhost) {
    (fromGhost ? main : in).pushHead(b);
  }

  /** Two sweeps, A1in's and Am's, each from its oldest page. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  @Override
  public String toString() {
    return name;
  }
}
