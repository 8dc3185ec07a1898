package dev.bufmgr.conformance;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolInvariants;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.core.testing.CheckingWriteBack;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SeededTraces;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The properties every victim selector must have inside the pool, whatever its policy: it never
 * evicts a pinned buffer, the mapping and the descriptors stay a bijection, pins return to zero,
 * the victim search ends (with an error when every buffer is pinned), rings keep to their size,
 * no dirty page is lost, a background cleaner changes no decision, and a run of reads ({@link
 * PoolSession#readAll}) is served as the same reads one by one are. Plain methods that throw
 * {@link CheckFailed}: the JUnit suite {@code SelectorConformanceSuite} that every selector
 * module's tests extend runs them, and so does {@code bufmgr check-policy} ({@link #all}). Each
 * check is shown to fail on a selector with a planted bug ({@code ConformanceSuiteCatchesFaultsTest}).
 */
public final class SelectorChecks {
  private final SelectorRegistry registry;
  private final Duration searchDeadline;

  /**
   * Checks of selectors found in {@code registry}.
   *
   * @param searchDeadline how long a victim search over a pool whose every buffer is pinned may
   *     take to give up
   */
  public SelectorChecks(SelectorRegistry registry, Duration searchDeadline) {
    this.registry = registry;
    this.searchDeadline = searchDeadline;
  }

  /** Every check of {@code spec}, each pool-sharing variant its own, in the order they run. */
  public List<Check> all(String spec) {
    List<Check> checks = new ArrayList<>();
    checks.add(new Check("namesARegisteredSelector", () -> namesARegisteredSelector(spec)));
    for (Sharing sharing : Sharing.values()) {
      String s = " " + sharing;
      checks.add(new Check("neverEvictsAPinnedBuffer" + s, () -> neverEvictsAPinnedBuffer(spec, sharing)));
      checks.add(new Check("mappingAndDescriptorsStayABijection" + s, () -> mappingAndDescriptorsStayABijection(spec, sharing)));
      checks.add(new Check("pinsReturnToZero" + s, () -> pinsReturnToZero(spec, sharing)));
      checks.add(new Check("victimSearchEndsWithAnErrorWhenEveryBufferIsPinned" + s,
          () -> victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(spec, sharing)));
      checks.add(new Check("ringsKeepToTheirSizeAndCap" + s, () -> ringsKeepToTheirSizeAndCap(spec, sharing)));
      checks.add(new Check("noDirtyPageIsLost" + s, () -> noDirtyPageIsLost(spec, sharing)));
      checks.add(new Check("aRunOfReadsServesThemAsSingleAccessesDo" + s, () -> aRunOfReadsServesThemAsSingleAccessesDo(spec, sharing)));
    }
    checks.add(new Check("sharedAndExclusivePoolsServeTheSameRequestsAlike", () -> sharedAndExclusivePoolsServeTheSameRequestsAlike(spec)));
    checks.add(new Check("aBackgroundCleanerChangesNoReplayDecision", () -> aBackgroundCleanerChangesNoReplayDecision(spec)));
    checks.add(new Check("theNextVictimIsTheFirstReusableBufferOfASweep", () -> theNextVictimIsTheFirstReusableBufferOfASweep(spec)));
    checks.add(new Check("anExclusivePoolRefusesASessionOnAnotherThread", () -> anExclusivePoolRefusesASessionOnAnotherThread(spec)));
    return checks;
  }

  private BufferPool pool(String spec, Sharing sharing, int frames, StorageMode mode, WriteBackHook hook) {
    return new BufferPool(
        PoolConfig.builder().frames(frames).storage(mode).selector(spec).writeBack(hook).sharing(sharing).build(),
        registry);
  }

  /**
   * A background cleaner that writes, every 37 requests, the dirty buffers its selector's {@link
   * CleaningView} calls reusable within the next quarter of each sweep, changes no decision of the
   * selector: the same hits and evictions as without it, and fewer dirty victims. The pipeline's
   * {@code BgBufferSync} is run over every selector the same way in bufmgr-pipeline's tests.
   */
  public void aBackgroundCleanerChangesNoReplayDecision(String spec) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 40 + (int) seed * 20;
      Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3, true);
      CheckingWriteBack storage = new CheckingWriteBack(page -> true);
      try (BufferPool plain = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, WriteBackHook.NONE);
          BufferPool cleaned = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, storage);
          PoolSession a = plain.openSession();
          PoolSession b = cleaned.openSession()) {
        CleaningView view = cleaned.cleaningView();
        Expect.isTrue(view != null, spec + " offers a cleaning view");
        BufferWriter writer = new BufferWriter(cleaned, storage);
        long written = 0;
        for (int i = 0; i < trace.length; i++) {
          Request r = trace[i];
          boolean hit = a.access(r.page(), r.strategy(), 0, r.write());
          Expect.equal(hit, b.access(r.page(), r.strategy(), 0, r.write()), spec + ": request " + i + " (seed " + seed + ")");
          if (i % 37 == 36) written += cleanAhead(view, cleaned, writer);
        }
        Expect.isTrue(written > 0, spec + ": the cleaner wrote nothing");
        Expect.equal(plain.metrics().evictions(), cleaned.metrics().evictions());
        Expect.isTrue(cleaned.metrics().dirtyEvictions() < plain.metrics().dirtyEvictions(), "cleaned ahead, fewer dirty victims");
        PoolInvariants.checkQuiescent(cleaned);
      }
    }
  }

  /** Writes the dirty buffers the view calls reusable within the next quarter of each sweep; returns how many. */
  private static int cleanAhead(CleaningView view, BufferPool pool, BufferWriter writer) {
    int written = 0;
    for (int sweep = 0; sweep < view.sweeps(); sweep++) {
      long from = view.position(sweep);
      for (long q = from; q < from + Math.max(1, view.length(sweep) / 4); q++) {
        int buffer = view.bufferAt(sweep, q);
        if (buffer < 0) continue;
        long state = pool.descriptors().state(buffer);
        if (BufferState.has(state, BufferState.DIRTY) && view.reusable(buffer, state) && writer.writeNow(buffer, 0)) written++;
      }
    }
    return written;
  }

  public void theNextVictimIsTheFirstReusableBufferOfASweep(String spec) {
    int frames = 64;
    Request[] trace = SeededTraces.mixed(5, 5_000, frames * 3, false);
    try (BufferPool p = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      for (Request r : trace) s.access(r.page(), r.strategy(), 0, false);
      CleaningView view = p.cleaningView();
      Expect.isTrue(view != null, spec + " offers a cleaning view");
      int checked = 0;
      for (int k = 0; k < 300; k++) {
        Set<Integer> firsts = new HashSet<>();
        for (int sweep = 0; sweep < view.sweeps(); sweep++) {
          long pos = view.position(sweep);
          for (long q = pos; q < pos + view.length(sweep); q++) {
            int b = view.bufferAt(sweep, q);
            if (b >= 0 && view.reusable(b, p.descriptors().state(b))) {
              firsts.add(b);
              break;
            }
          }
        }
        long fresh = 1_000_000L + k;
        s.access(fresh, AccessStrategy.NORMAL, 0, false);
        int victim = p.bufferOf(fresh);
        if (firsts.isEmpty()) continue;
        Expect.isTrue(firsts.contains(victim), spec + ": victim " + victim + " is none of the sweeps' first reusable buffers " + firsts);
        checked++;
        s.access(trace[k].page(), AccessStrategy.NORMAL, 0, false);
      }
      Expect.isTrue(checked > 200, "checked " + checked);
    }
  }

  public void namesARegisteredSelector(String spec) {
    Expect.isTrue(registry.contains(Spec.parse(spec).name()), spec + " is not registered");
    registry.validate(Spec.parse(spec));
  }

  public void sharedAndExclusivePoolsServeTheSameRequestsAlike(String spec) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 8 + (int) seed * 30;
      Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3, true);
      try (BufferPool shared = pool(spec, Sharing.SHARED, frames, StorageMode.METADATA, WriteBackHook.NONE);
          BufferPool exclusive = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, WriteBackHook.NONE);
          PoolSession a = shared.openSession();
          PoolSession b = exclusive.openSession()) {
        for (int i = 0; i < trace.length; i++) {
          Request r = trace[i];
          boolean hit = a.access(r.page(), r.strategy(), 0, r.write());
          Expect.equal(hit, b.access(r.page(), r.strategy(), 0, r.write()), spec + ": request " + i + " (seed " + seed + ")");
        }
        for (long page = 0; page < frames * 3L; page++) {
          Expect.equal(shared.bufferOf(page), exclusive.bufferOf(page), spec + ": buffer of page " + page);
        }
        Expect.equal(shared.metrics().evictions(), exclusive.metrics().evictions());
        PoolInvariants.checkQuiescent(exclusive);
      }
    }
  }

  public void aRunOfReadsServesThemAsSingleAccessesDo(String spec, Sharing sharing) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 8 + (int) seed * 30;
      Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3, false);
      long[] pages = new long[trace.length];
      for (int i = 0; i < pages.length; i++) pages[i] = trace[i].page();
      SplittableRandom cuts = new SplittableRandom(seed);
      try (BufferPool single = pool(spec, sharing, frames, StorageMode.METADATA, WriteBackHook.NONE);
          BufferPool runs = pool(spec, sharing, frames, StorageMode.METADATA, WriteBackHook.NONE);
          PoolSession a = single.openSession();
          PoolSession b = runs.openSession()) {
        int from = 0;
        while (from < pages.length) {
          int to = Math.min(pages.length, from + cuts.nextInt(300));
          boolean lastHit = false;
          for (int i = from; i < to; i++) lastHit = a.access(pages[i], AccessStrategy.NORMAL, 0, false);
          b.readAll(pages, from, to);
          String where = spec + ": requests " + from + ".." + to + " (seed " + seed + ")";
          Expect.equal(single.metrics().hits(), runs.metrics().hits(), where);
          Expect.equal(single.metrics().hits(0), runs.metrics().hits(0), where);
          Expect.equal(single.metrics().misses(), runs.metrics().misses(), where);
          if (to > from) Expect.equal(lastHit, b.wasHit(), where);
          from = to;
        }
        for (long page = 0; page < frames * 3L; page++) {
          Expect.equal(single.bufferOf(page), runs.bufferOf(page), spec + ": buffer of page " + page);
        }
        Expect.equal(single.metrics().evictions(), runs.metrics().evictions());
        Expect.equal(single.selectorCounters(), runs.selectorCounters());
        PoolInvariants.checkQuiescent(runs);
      }
    }
  }

  public void anExclusivePoolRefusesASessionOnAnotherThread(String spec) throws InterruptedException {
    try (BufferPool p = pool(spec, Sharing.EXCLUSIVE, 8, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession();
        PoolSession sameThread = p.openSession()) {
      java.util.concurrent.atomic.AtomicReference<Throwable> seen = new java.util.concurrent.atomic.AtomicReference<>();
      Thread other = Thread.ofPlatform().start(() -> {
        try {
          p.openSession();
        } catch (Throwable t) {
          seen.set(t);
        }
      });
      other.join();
      Expect.isTrue(seen.get() instanceof IllegalStateException, "got " + seen.get());
      Expect.isTrue(seen.get().getMessage().contains("belongs to the thread"), seen.get().getMessage());
    }
  }

  public void neverEvictsAPinnedBuffer(String spec, Sharing sharing) {
    try (BufferPool p = pool(spec, sharing, 32, StorageMode.PAGE_MEMORY, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      Map<Long, Integer> held = new HashMap<>();
      for (long page = 0; page < 12; page++) held.put(page, s.pin(page, AccessStrategy.NORMAL, 0));
      Request[] trace = SeededTraces.mixed(7, 6_000, 400, true);
      for (Request r : trace) {
        long page = 1_000 + r.page();
        int b = s.pin(page, r.strategy(), 0);
        PoolInvariants.checkPinned(p, b, page);
        Expect.isFalse(held.containsValue(b), "page " + page + " was loaded into held buffer " + b);
        s.unpin(b);
      }
      held.forEach(
          (page, b) -> {
            PoolInvariants.checkPinned(p, b, page);
            Expect.equal(b.intValue(), p.bufferOf(page), "buffer of held page " + page);
          });
      held.values().forEach(s::unpin);
      PoolInvariants.checkQuiescent(p);
    }
  }

  public void mappingAndDescriptorsStayABijection(String spec, Sharing sharing) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 16 + (int) seed * 20;
      try (BufferPool p = pool(spec, sharing, frames, StorageMode.PAGE_MEMORY, WriteBackHook.NONE);
          PoolSession s = p.openSession()) {
        Request[] trace = SeededTraces.mixed(seed, 8_000, frames * 4, true);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < trace.length; i++) {
          boolean hit = s.access(trace[i].page(), trace[i].strategy(), 0, trace[i].write());
          seen.add(trace[i].page());
          if (!hit) PoolInvariants.checkQuiescent(p); // after each victim search, before a lost page is asked for again
        }
        PoolInvariants.checkQuiescent(p);
        Expect.equal(Math.min(seen.size(), frames), p.residentPages(), "a full pool keeps every buffer in use");
        Expect.equal(trace.length, p.metrics().requests());
      }
    }
  }

  public void pinsReturnToZero(String spec, Sharing sharing) {
    try (BufferPool p = pool(spec, sharing, 24, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      SplittableRandom rnd = new SplittableRandom(3);
      List<Integer> pinned = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        if (pinned.size() < 6 && rnd.nextBoolean()) {
          pinned.add(s.pin(rnd.nextInt(80), AccessStrategy.NORMAL, 0));
        } else if (!pinned.isEmpty()) {
          s.unpin(pinned.remove(rnd.nextInt(pinned.size())));
        }
        int step = i;
        Expect.equal(pinned.size(), PoolInvariants.totalPins(p), () -> spec + ": pins the test holds against pins on the buffers, step " + step);
      }
      pinned.forEach(s::unpin);
      Expect.equal(0, PoolInvariants.totalPins(p));
      PoolInvariants.checkQuiescent(p);
    }
  }

  public void victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(String spec, Sharing sharing) {
    try (BufferPool p = pool(spec, sharing, 8, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      int[] held = new int[8];
      for (int page = 0; page < 8; page++) held[page] = s.pin(page, AccessStrategy.NORMAL, 0);
      Expect.within(
          searchDeadline,
          () -> {
            NoUnpinnedBuffersException e =
                Expect.thrown(NoUnpinnedBuffersException.class, () -> s.pin(100, AccessStrategy.NORMAL, 0));
            Expect.isTrue(e.getMessage().contains("no unpinned buffers available"), e.getMessage());
          },
          "the victim search must end when every buffer is pinned");
      PoolInvariants.checkWithPins(p);
      s.unpin(held[5]);
      for (long page = 200; page < 230; page++) {
        int b = s.pin(page, AccessStrategy.NORMAL, 0);
        Expect.equal(held[5], b, "the only unpinned buffer must be the victim");
        s.unpin(b);
      }
      for (int i = 0; i < 8; i++) if (i != 5) s.unpin(held[i]);
      PoolInvariants.checkQuiescent(p);
    }
  }

  public void ringsKeepToTheirSizeAndCap(String spec, Sharing sharing) {
    int frames = 64;
    try (BufferPool p = pool(spec, sharing, frames, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      for (int round = 0; round < 2; round++) {
        for (long page = 0; page < frames; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
      }
      for (long page = 10_000; page < 12_000; page++) s.access(page, AccessStrategy.BULKREAD, 0, false);
      for (long page = 20_000; page < 20_500; page++) s.access(page, AccessStrategy.VACUUM, 0, true);
      int bulkRing = AccessStrategy.BULKREAD.ringBuffers(frames, 8192);
      int vacuumRing = AccessStrategy.VACUUM.ringBuffers(frames, 8192);
      Expect.equal(frames / 8, bulkRing, "256 KiB of 8 KiB pages, capped at N/8");
      Expect.equal(frames / 8, vacuumRing);
      assertRing(s.ringBuffers(AccessStrategy.BULKREAD), bulkRing);
      assertRing(s.ringBuffers(AccessStrategy.VACUUM), vacuumRing);
      int lost = 0;
      for (long page = 0; page < frames; page++) if (p.bufferOf(page) < 0) lost++;
      Expect.isTrue(
          lost <= bulkRing + vacuumRing,
          "two scans through rings of " + bulkRing + " and " + vacuumRing + " buffers evicted " + lost
              + " of the pool's twice-used pages");
      PoolInvariants.checkQuiescent(p);
    }
  }

  private static void assertRing(int[] ring, int size) {
    Expect.equal(size, ring.length);
    Set<Integer> distinct = new HashSet<>();
    for (int b : ring) if (b >= 0) distinct.add(b);
    Expect.isTrue(distinct.size() <= size, "a ring of " + size + " buffers used " + distinct.size());
  }

  public void noDirtyPageIsLost(String spec, Sharing sharing) {
    Set<Long> dirty = new HashSet<>();
    CheckingWriteBack hook = new CheckingWriteBack(dirty::remove);
    try (BufferPool p = pool(spec, sharing, 40, StorageMode.PAGE_MEMORY, hook); PoolSession s = p.openSession()) {
      Request[] trace = SeededTraces.mixed(11, 10_000, 160, true);
      for (Request r : trace) {
        s.access(r.page(), r.strategy(), 0, r.write());
        if (r.write()) dirty.add(r.page());
      }
      Expect.equal(List.of(), List.copyOf(hook.problems()));
      for (Long page : dirty) {
        int b = p.bufferOf(page);
        Expect.isTrue(b >= 0, "dirty page " + page + " left the pool without being written");
        Expect.isTrue(BufferState.has(p.descriptors().state(b), BufferState.DIRTY), "page " + page + " lost its dirty flag");
      }
      for (long page = 0; page < 160; page++) {
        int b = p.bufferOf(page);
        if (b >= 0 && BufferState.has(p.descriptors().state(b), BufferState.DIRTY)) {
          Expect.isTrue(dirty.contains(page), "page " + page + " is marked dirty but was never written or already written back");
        }
      }
      Expect.isTrue(p.metrics().dirtyEvictions() > 0, "the trace should force dirty evictions");
      Expect.equal(p.metrics().dirtyEvictions(), p.metrics().writeBacks(), "single-threaded, every write-back leads to an eviction");
      PoolInvariants.checkQuiescent(p);
    }
  }
}
