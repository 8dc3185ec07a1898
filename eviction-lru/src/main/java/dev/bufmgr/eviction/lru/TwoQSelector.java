package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorCounter;
import dev.bufmgr.core.evict.queue.BufferQueue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Full 2Q (Johnson and Shasha, VLDB '94), following libCacheSim's {@code TwoQ.c} (c9efc95) with
 * unit-size objects. Loaded pages enter A1in, a FIFO; a hit there changes nothing. While A1in
 * holds more than {@code kin} pages the victim is its oldest, and that page's id enters A1out, a
 * FIFO of at most {@code kout} ids; otherwise the victim is the tail of Am, an LRU list. A miss
 * for a page A1out holds removes the id and loads the page into Am's head; a hit in Am moves the
 * page to its head.
 *
 * <p>In the pool: a search that finds its queue pinned from end to end tries the other queue, and
 * gives up with {@link dev.bufmgr.core.evict.NoUnpinnedBuffersException} when both are. A page that
 * leaves A1in for any reason (a ring's reuse too) enters A1out. Rings: a ring hit moves nothing; a
 * ring reuses only a buffer no normal hit has touched since it was loaded. Departure: libCacheSim
 * caches nothing when {@code kin} is 0 (a pool under 4 buffers at the default), a pool must; here
 * such a pool takes its victims from A1in while it holds any. A victim the pool gives back from
 * A1in because it was used meanwhile (pinned, or changed while its write was under way) goes to
 * A1in's head, as PostgreSQL's clock hand has passed a buffer that {@code GetVictimBuffer} could
 * not take ({@code InvalidateVictimBuffer} failed) before it asks {@code StrategyGetBuffer}
 * again: without this, A1in's unchanged tail (a hit there moves nothing) was offered again at
 * once, and a page that every transaction changes, written and changed again on every try, held
 * a miss for hundreds of writes. A victim given back unused (another session loaded the missing
 * page first) keeps its place.
 *
 * <p>Concurrency: the queues and A1out are guarded by the selector's lock on a shared pool (a
 * hit in Am takes it), and by nothing on an exclusive one.
 */
final class TwoQSelector extends ListSelector {
  private static final long FROM_GHOST = 1;

  private final int kin;
  private final BufferQueue in;
  private final BufferQueue main;
  private final GhostIds out;
  private final CleaningView cleaning;
  private final SelectorCounter ghostHits;
  private final SelectorCounter inEvictions;
  private final SelectorCounter mainEvictions;

  TwoQSelector(Descriptors descriptors, int kin, int kout, String name) {
    super(descriptors, name, 2);
    this.kin = kin;
    this.in = new BufferQueue(descriptors.frames());
    this.main = new BufferQueue(descriptors.frames());
    this.out = new GhostIds(kout);
    this.ghostHits = SelectorCounter.forSharing(descriptors.sharing());
    this.inEvictions = SelectorCounter.forSharing(descriptors.sharing());
    this.mainEvictions = SelectorCounter.forSharing(descriptors.sharing());
    this.cleaning = tailSweeps(in, main);
  }

  @Override
  protected void promote(int b) {
    if (main.contains(b)) main.pushHead(b);
  }

  @Override
  public void onMiss(MissContext miss) {
    boolean ghost;
    if (exclusive) {
      ghost = out.remove(miss.page());
    } else {
      synchronized (this) {
        ghost = out.remove(miss.page());
      }
    }
    miss.note(ghost ? FROM_GHOST : 0);
  }

  @Override
  public void onRelease(int buffer, MissContext miss) {
    if (exclusive) {
      passOver(buffer);
      return;
    }
    synchronized (this) {
      passOver(buffer);
    }
  }

  /** A victim given back: to A1in's head when it was used while claimed (see the class comment). */
  private void passOver(int b) {
    long st = descriptors.state(b);
    if (in.contains(b) && (isPinned(st) || has(st, DIRTY))) in.pushHead(b);
  }

  @Override
  protected int search(MissContext miss) {
    boolean fromIn = in.size() > kin || main.size() == 0;
    int b = claimOldest(fromIn ? 0 : 1, fromIn ? in : main, miss);
    if (b < 0) b = claimOldest(fromIn ? 1 : 0, fromIn ? main : in, miss);
    if (b < 0) throw allPinned();
    return b;
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    if (in.contains(b)) {
      in.unlink(b);
      out.add(page);
      inEvictions.increment();
    } else {
      main.unlink(b);
      mainEvictions.increment();
    }
  }

  /**
   * Loads the page into A1in's head, or Am's when A1out held its id. libCacheSim's miss runs at
   * once from its lookup in A1out to its insertion, so A1out never holds a cached page's id. Here
   * other misses may run between this miss's {@link #onMiss} and now ({@link
   * MissContext#interleaved}) and may have loaded the page and evicted it from A1in again, putting
   * its id back in A1out. The only order of whole misses that fits has this miss come after that
   * eviction, where its lookup finds the id: so it is looked up again here (also after a ghost
   * hit, whose id may be back) and, if found, removed and taken as a ghost hit, the page into Am;
   * a miss counts one ghost hit at most. Uninterleaved misses (every exact replay) take no second
   * lookup.
   */
  @Override
  protected void admit(int b, MissContext miss) {
    boolean fromGhost = miss.note() == FROM_GHOST;
    if (miss.interleaved() && out.remove(miss.page())) fromGhost = true;
    if (fromGhost) ghostHits.increment();
    (fromGhost ? main : in).pushHead(b);
  }

  /** Whether A1out holds {@code page}'s id (for the tests' invariant checks: never a resident page's). */
  boolean ghostHolds(long page) {
    return out.contains(page);
  }

  /**
   * Misses whose id A1out held, loaded into Am ({@code ghostHits}), and pages that left A1in
   * ({@code inEvictions}) and Am ({@code mainEvictions}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("ghostHits", ghostHits.sum());
    c.put("inEvictions", inEvictions.sum());
    c.put("mainEvictions", mainEvictions.sum());
    return c;
  }

  /** Two sweeps, A1in's and Am's, each from its oldest page. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
