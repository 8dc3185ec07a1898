package dev.bufmgr.eviction.s3fifo;

import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorCounter;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * S3-FIFO (Yang et al., "FIFO queues are all you need for cache eviction", SOSP 2023) on the
 * pool's buffers, following libCacheSim's {@code S3FIFO.c} with unit-size objects: a small FIFO S
 * with a share of floor(small N) buffers, a main FIFO M with the rest, and a ghost FIFO G of page
 * ids ({@link GhostDirectory}). Each buffer's usage bits hold its page's access count, 0..3.
 *
 * <ul>
 *   <li>A hit adds 1 to the count (capped at 3, which changes no decision); a hit through a ring
 *       leaves it unchanged. A loaded page has count 0.
 *   <li>A miss first removes the page from G if it is there (and again when it loads the page,
 *       if other misses ran meanwhile: {@link #onAdmit}).
 *   <li>A victim comes from M if M holds more than its share or S is empty, else from S, and the
 *       search stays in that queue until it finds one or the queue runs dry ({@code
 *       S3FIFO_evict}). S's oldest page with a count of at least {@code threshold} moves to M's
 *       head with count 0; otherwise it is the victim and its id enters G. M's oldest page with a
 *       count of at least 1 goes back to M's head with count min(count, 3) - 1; otherwise it is
 *       the victim.
 *   <li>The loaded page goes to M if it was found in G; else, with {@code variant=current}
 *       (the default), before the first victim search of the pool's life, to M once S holds its
 *       share (libCacheSim's {@code has_evicted} rule); else to S. With {@code variant=original}
 *       it goes to S whenever G does not hold it ({@link S3FifoVariant}).
 *   <li>A ring reuses a buffer only while its count is 0. The page it pushes out leaves its queue
 *       wherever it stands (a stale queue entry is skipped later) and enters G if it was in S,
 *       marked as read through a ring if it was loaded through one.
 * </ul>
 *
 * <p>Where it departs from libCacheSim (both variants): libCacheSim caches nothing outside G-hits
 * when S's share is below 2 entries (pools under 20 buffers at the default 0.10); a buffer pool must
 * hold the page, so here it enters S as usual.
 *
 * <p>Where the paper's pseudo-code (Algorithm 1) differs from libCacheSim's file, both variants
 * follow the file:
 *
 * <ul>
 *   <li>The paper caps the count at 3 on each hit; the file counts on and caps when M reinserts a
 *       page (min(count, 3) - 1). The decisions are the same; here the usage bits cap it at 3.
 *   <li>The paper evicts from S when S holds at least its share, else from M; the file evicts from
 *       M when M holds more than its share or S is empty, else from S. With S and M full together
 *       these agree, except that a share of 0 for S would leave the paper searching an empty S.
 *   <li>The paper's S eviction evicts from M at once when a page it moves to M finds M full, and
 *       goes on in S until a page leaves S, so one miss can free two buffers; the file lets M run
 *       over its share and evicts from M on the next miss.
 * </ul>
 *
 * <p><b>Concurrency.</b> The queues are locked FIFOs ({@link BufferFifo}); a buffer's queue and
 * generation change by compare-and-set ({@link Membership}). On {@link Sharing#EXCLUSIVE}
 * descriptors (one thread, exact replay) queues, memberships and G take no lock and no atomic.
 * A victim is claimed by CAS of its state word when unpinned; a pinned candidate at a queue's
 * tail is put back at the head and counted, and after a whole queue's worth of pinned candidates
 * in a row the search tries the other queue. A claimed victim's entry leaves its queue; if the pool
 * gives the buffer back ({@code onRelease}: another thread loaded the page first, or pinned the
 * victim) the entry returns to its queue's head, so the buffer stays evictable.
 *
 * <p><b>Giving up.</b> When both queues are exhausted the search has made a round without a
 * victim. If every member's entry was there and pinned, it gives up at once with {@link
 * NoUnpinnedBuffersException}, as the clock does after a full sweep. If some members' entries were
 * out of the queues (a poll found a queue empty, or a queue holds fewer entries than members),
 * other threads' misses hold those buffers (claimed victims being loaded, or entries being
 * examined), and they come back when those misses end: the search backs off ({@link
 * #IDLE_SPINS} rounds of {@link Thread#onSpinWait}, then {@link #IDLE_YIELDS} of {@link
 * Thread#yield}, then {@link #IDLE_PARKS} parks of 1 us doubling up to 1 ms, about 30 ms in all)
 * and makes another round, and gives up with the same error once every buffer has been held by
 * others or pinned for all {@link #IDLE_ROUNDS} rounds (on {@link Sharing#EXCLUSIVE} descriptors at
 * once: the one thread holds them itself). Only a buffer claimed by compare-and-set of its unpinned
 * state word is handed out.
 */
final class S3FifoSelector implements VictimSelector {
  private static final long GHOST_HIT = 1;
  private static final int MAX_COUNT = 3;
  /** Rounds of {@link Thread#onSpinWait} while other threads' misses hold the missing entries. */
  static final int IDLE_SPINS = 32;
  /** Then rounds of {@link Thread#yield}. */
  static final int IDLE_YIELDS = 32;
  /** Then rounds of parking, 1 us doubling to {@link #MAX_PARK_NANOS}. */
  static final int IDLE_PARKS = 40;
  /** Rounds without a victim while buffers are held by other threads, after which the search gives up. */
  static final int IDLE_ROUNDS = IDLE_SPINS + IDLE_YIELDS + IDLE_PARKS;
  private static final long MAX_PARK_NANOS = 1_000_000;

  private final Descriptors descriptors;
  private final int frames;
  private final int smallShare;
  private final int mainShare;
  private final int threshold;
  private final GhostDirectory ghost;
  private final Membership membership;
  private final BufferFifo small;
  private final BufferFifo main;
  private final SelectorCounter pinnedPutBacks;
  private final SelectorCounter idleRounds;
  private final SelectorCounter movesToMain;
  private final SelectorCounter mainReinsertions;
  private final SelectorCounter ghostHits;
  private final SelectorCounter smallEvictions;
  private final SelectorCounter mainEvictions;
  /** One thread: a buffer it holds itself cannot come back while it waits. */
  private final boolean exclusive;
  private final String name;
  /** Whether the {@code has_evicted} rule applies ({@link S3FifoVariant#CURRENT}). */
  private final boolean mainBeforeFirstEviction;
  private volatile boolean hasEvicted;

  /**
   * @param smallShare floor(small N): the buffers S may hold before M is preferred
   * @param threshold the count with which a page moves from S to M, 1..3
   * @param ghost G, or {@code null} when its capacity is 0
   * @param variant which libCacheSim file's miss rule applies
   */
  S3FifoSelector(
      Descriptors descriptors, int smallShare, int threshold, GhostDirectory ghost, S3FifoVariant variant,
      String name) {
    this.descriptors = descriptors;
    this.frames = descriptors.frames();
    this.smallShare = smallShare;
    this.mainShare = frames - smallShare;
    this.threshold = threshold;
    this.ghost = ghost;
    Sharing sharing = descriptors.sharing();
    this.exclusive = sharing == Sharing.EXCLUSIVE;
    this.pinnedPutBacks = SelectorCounter.forSharing(sharing);
    this.idleRounds = SelectorCounter.forSharing(sharing);
    this.movesToMain = SelectorCounter.forSharing(sharing);
    this.mainReinsertions = SelectorCounter.forSharing(sharing);
    this.ghostHits = SelectorCounter.forSharing(sharing);
    this.smallEvictions = SelectorCounter.forSharing(sharing);
    this.mainEvictions = SelectorCounter.forSharing(sharing);
    this.membership = new Membership(descriptors);
    this.small = new BufferFifo("small", frames, membership::isCurrent, sharing);
    this.main = new BufferFifo("main", frames, membership::isCurrent, sharing);
    this.name = name;
    this.mainBeforeFirstEviction = variant.mainBeforeFirstEviction();
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 0;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    if (strategy.usesRing()) return usage;
    return usage < MAX_COUNT ? usage + 1 : MAX_COUNT;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public void onMiss(MissContext miss) {
    miss.note(ghost != null && ghost.remove(miss.page()) ? GHOST_HIT : 0);
  }

  @Override
  public int selectVictim(MissContext miss) {
    if (!hasEvicted) hasEvicted = true;
    long ticks = 0;
    int pinnedSmall = 0;
    int pinnedMain = 0;
    boolean smallEmpty = false;
    boolean mainEmpty = false;
    int idle = 0;
    int current = Membership.NONE;
    while (true) {
      int sm = small.members();
      int mm = main.members();
      boolean smallDry = smallEmpty || sm <= 0 || pinnedSmall >= sm;
      boolean mainDry = mainEmpty || mm <= 0 || pinnedMain >= mm;
      if (current == Membership.NONE || (current == Membership.SMALL ? smallDry : mainDry)) {
        if (smallDry && mainDry) {
          boolean held = smallEmpty || mainEmpty || (sm <= 0 && mm <= 0) || small.size() < sm || main.size() < mm;
          if (!held || exclusive || ++idle > IDLE_ROUNDS) {
            miss.addTicks(ticks);
            throw new NoUnpinnedBuffersException(name, frames);
          }
          idleRounds.increment();
          backOff(idle);
          pinnedSmall = 0;
          pinnedMain = 0;
          smallEmpty = false;
          mainEmpty = false;
          current = Membership.NONE;
          continue;
        }
        boolean fromMain = mm > mainShare || sm <= 0;
        if (fromMain ? mainDry : smallDry) fromMain = !fromMain;
        current = fromMain ? Membership.MAIN : Membership.SMALL;
      }
      BufferFifo q = current == Membership.MAIN ? main : small;
      long e = q.poll();
      if (e == BufferFifo.EMPTY) {
        if (current == Membership.SMALL) smallEmpty = true;
        else mainEmpty = true;
        continue;
      }
      int b = Membership.buffer(e);
      long w = membership.word(b);
      if (Membership.queue(w) != current || Membership.entry(b, w) != e) continue;
      ticks++;
      switch (examine(q, current, b, w, e, miss)) {
        case CLAIMED -> {
          miss.addTicks(ticks);
          return b;
        }
        case PINNED -> {
          pinnedPutBacks.increment();
          if (current == Membership.SMALL) pinnedSmall++;
          else pinnedMain++;
        }
        case MOVED -> {
          pinnedSmall = 0;
          pinnedMain = 0;
        }
        case STALE -> {}
      }
    }
  }

  /** Waits before round {@code idle} (1-based) of a search whose missing entries other threads hold. */
  private static void backOff(int idle) {
    if (idle <= IDLE_SPINS) {
      Thread.onSpinWait();
    } else if (idle <= IDLE_SPINS + IDLE_YIELDS) {
      Thread.yield();
    } else {
      int k = idle - IDLE_SPINS - IDLE_YIELDS - 1;
      LockSupport.parkNanos(k >= 20 ? MAX_PARK_NANOS : Math.min(MAX_PARK_NANOS, 1_000L << k));
    }
  }

  private enum Outcome {
    /** The buffer was claimed: it is the victim. */
    CLAIMED,
    /** The buffer would be the victim but is pinned: its entry went back to the queue's head. */
    PINNED,
    /** The page moved from S to M, or went back to M's head with a lower count. */
    MOVED,
    /** Another thread changed the buffer's membership first: the entry is dropped. */
    STALE
  }

  /**
   * Applies S3-FIFO's rule to the polled entry {@code e} of buffer {@code b} (membership {@code w})
   * from {@code queue}, re-reading the state word until one compare-and-set succeeds; each one that
   * fails is counted in {@code miss}.
   */
  private Outcome examine(BufferFifo queue, int current, int b, long w, long e, MissContext miss) {
    while (true) {
      long st = descriptors.state(b);
      int count = usage(st);
      if (current == Membership.SMALL && count >= threshold) {
        long moved = Membership.moved(w, Membership.MAIN);
        if (!membership.compareAndSet(b, w, moved)) {
          miss.failedCas();
          return Outcome.STALE;
        }
        small.addMembers(-1);
        main.addMembers(1);
        setCount(b, 0);
        main.push(Membership.entry(b, moved));
        movesToMain.increment();
        return Outcome.MOVED;
      }
      if (current == Membership.MAIN && count >= 1) {
        long again = Membership.moved(w, Membership.MAIN);
        if (!membership.compareAndSet(b, w, again)) {
          miss.failedCas();
          return Outcome.STALE;
        }
        decrementCount(b);
        main.push(Membership.entry(b, again));
        mainReinsertions.increment();
        return Outcome.MOVED;
      }
      if (refCount(st) != 0) {
        queue.push(e);
        return Outcome.PINNED;
      }
      if (BufferTransitions.tryClaim(descriptors, b, st)) {
        return Outcome.CLAIMED;
      }
      miss.failedCas();
    }
  }

  /** A victim given back keeps its page and its queue: its entry returns to that queue's head. */
  @Override
  public void onRelease(int buffer, MissContext miss) {
    long w = membership.word(buffer);
    int q = Membership.queue(w);
    if (q == Membership.NONE) return;
    (q == Membership.MAIN ? main : small).push(Membership.entry(buffer, w));
  }

  @Override
  public void onEvict(int buffer, long page, MissContext miss) {
    while (true) {
      long w = membership.word(buffer);
      int q = Membership.queue(w);
      if (q == Membership.NONE) return;
      if (membership.compareAndSet(buffer, w, Membership.next(w, Membership.NONE, false))) {
        if (q == Membership.SMALL) {
          small.addMembers(-1);
          smallEvictions.increment();
          if (ghost != null) ghost.add(page, Membership.readThroughRing(w));
        } else {
          main.addMembers(-1);
          mainEvictions.increment();
        }
        return;
      }
    }
  }

  /**
   * Places the loaded page ({@code S3FIFO_insert}). libCacheSim's miss runs at once from its ghost
   * lookup to its insertion, so G never holds a cached page's id. Here other misses may run between
   * this miss's {@link #onMiss} and now ({@link MissContext#interleaved}) and may have loaded the
   * page and evicted it from S again, putting its id back in G; the only order of whole misses
   * that fits has this miss come after that eviction, where its lookup finds the id: so it is
   * looked up again here (also after a ghost hit, whose id may be back) and, if found, removed and
   * counted a ghost hit. On an exclusive pool G then never holds the id of a page in S, which
   * {@link GhostDirectory#add} relies on there.
   */
  @Override
  public void onAdmit(int buffer, MissContext miss) {
    boolean ghostHit = miss.note() == GHOST_HIT;
    if (miss.interleaved() && ghost != null && ghost.remove(miss.page())) ghostHit = true;
    int target;
    if (ghostHit) {
      target = Membership.MAIN;
      ghostHits.increment();
    }
    else if (mainBeforeFirstEviction && !hasEvicted && small.members() >= smallShare) target = Membership.MAIN;
    else target = Membership.SMALL;
    boolean ring = miss.strategy().usesRing();
    long w;
    long next;
    do {
      w = membership.word(buffer);
      next = Membership.next(w, target, ring);
    } while (!membership.compareAndSet(buffer, w, next));
    BufferFifo q = target == Membership.MAIN ? main : small;
    q.addMembers(1);
    q.push(Membership.entry(buffer, next));
  }

  /**
   * Two sweeps, the tails of S (sweep 0) and of M (sweep 1), in the order the search polls their
   * entries. A buffer is reusable when unpinned and its count says it would leave when the search
   * reaches it: in S below {@code threshold} (else it moves to M), in M at 0 (else it goes round
   * again). The search may interleave the two queues; each sweep's positions are its own queue's
   * polls, so the walk stays in step with each. Polling a queue moves its later entries forward,
   * which a position accounts for: position p of a sweep is the entry p - polls places from the
   * tail.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  private final CleaningView cleaning = new CleaningView() {
    @Override
    public int sweeps() {
      return 2;
    }

    private BufferFifo queue(int sweep) {
      return sweep == 0 ? small : main;
    }

    @Override
    public int length(int sweep) {
      return queue(sweep).size();
    }

    @Override
    public long position(int sweep) {
      return queue(sweep).polls();
    }

    @Override
    public int bufferAt(int sweep, long position) {
      long e = queue(sweep).entryAtPosition(position);
      if (e == BufferFifo.EMPTY || !membership.isCurrent(e)) return -1;
      return Membership.buffer(e);
    }

    @Override
    public boolean reusable(int buffer, long state) {
      if (refCount(state) != 0) return false;
      return switch (Membership.queue(membership.word(buffer))) {
        case Membership.SMALL -> usage(state) < threshold;
        case Membership.MAIN -> usage(state) == 0;
        default -> false;
      };
    }
  };

  /**
   * Moves from S to M at the threshold ({@code movesToMain}), pages sent round M again with their
   * count lowered ({@code mainReinsertions}), misses admitted straight to M because G held their id
   * ({@code ghostHits}), pages leaving from S ({@code smallEvictions}) and from M ({@code
   * mainEvictions}), pinned candidates put back ({@code pinnedPutBacks}) and rounds waited for
   * buffers other threads' misses held ({@code idleRounds}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("movesToMain", movesToMain.sum());
    c.put("mainReinsertions", mainReinsertions.sum());
    c.put("ghostHits", ghostHits.sum());
    c.put("smallEvictions", smallEvictions.sum());
    c.put("mainEvictions", mainEvictions.sum());
    c.put("pinnedPutBacks", pinnedPutBacks.sum());
    c.put("idleRounds", idleRounds.sum());
    return c;
  }

  /** Pinned candidates met at a queue's tail and put back, since the pool started. */
  long pinnedPutBacks() {
    return pinnedPutBacks.sum();
  }

  /** Rounds searches waited for buffers that other threads' misses held, since the pool started. */
  long idleRounds() {
    return idleRounds.sum();
  }

  /** Buffers whose page is in S. */
  int smallMembers() {
    return small.members();
  }

  /** Buffers whose page is in M. */
  int mainMembers() {
    return main.members();
  }

  /** The ghost directory, or {@code null} when it has no room. */
  GhostDirectory ghost() {
    return ghost;
  }

  private void setCount(int b, int count) {
    long st;
    do {
      st = descriptors.state(b);
    } while (usage(st) != count && !BufferTransitions.trySetUsage(descriptors, b, st, count));
  }

  private void decrementCount(int b) {
    long st;
    int count;
    do {
      st = descriptors.state(b);
      count = usage(st);
      if (count == 0) return;
    } while (!BufferTransitions.trySetUsage(descriptors, b, st, Math.min(count, MAX_COUNT) - 1));
  }

  /** The name with the queue sizes, the ghost's fill and the pinned candidates put back so far. */
  @Override
  public String toString() {
    String g = ghost == null
        ? "none"
        : ghost.size() + "/" + ghost.capacity() + " (ring ids " + ghost.ringSize() + "/" + ghost.ringCapacity() + ")";
    return name + " [small " + small.members() + "/" + smallShare + ", main " + main.members() + "/" + mainShare
        + ", ghost " + g + ", pinned put back " + pinnedPutBacks.sum() + ", rounds waited " + idleRounds.sum() + "]";
  }
}
