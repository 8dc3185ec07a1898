package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The properties every victim selector must have inside the pool, whatever its policy: it never
 * evicts a pinned buffer, the mapping and the descriptors stay a bijection, pins return to zero,
 * the victim search ends (with an error when every buffer is pinned), rings keep to their size,
 * no dirty page is lost, and a run of reads ({@link PoolSession#readAll}) is served as the same
 * reads one by one are. A selector module subclasses this suite and lists the specs to run
 * (the selector with each hand and variant it offers); the suite also checks that each spec's
 * selector is registered. Each check is shown to fail on a selector with a planted bug
 * ({@link SecondChanceFactory.Fault}, {@code ConformanceSuiteCatchesFaultsTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SelectorConformanceSuite {

  /** The selector specs to check, e.g. {@code gclock}, {@code gclock:batch=64}. */
  protected abstract List<String> selectorSpecs();

  /** Where the specs' selectors are found: by default the class path's ({@link SelectorRegistry#load}). */
  protected SelectorRegistry registry() {
    return SelectorRegistry.load();
  }

  /** How long a victim search over a pool whose every buffer is pinned may take to give up. */
  protected Duration searchDeadline() {
    return Duration.ofSeconds(20);
  }

  /** Every spec, once on a shared pool and once on an exclusive one (plain loads and stores). */
  List<Arguments> specsInBothSharings() {
    List<Arguments> cases = new ArrayList<>();
    for (String spec : selectorSpecs()) {
      for (Sharing sharing : Sharing.values()) cases.add(Arguments.of(spec, sharing));
    }
    return cases;
  }

  private BufferPool pool(String spec, Sharing sharing, int frames, StorageMode mode, WriteBackHook hook) {
    return new BufferPool(
        PoolConfig.builder().frames(frames).storage(mode).selector(spec).writeBack(hook).sharing(sharing).build(),
        registry());
  }

  /**
   * A background cleaner that writes, every 37 requests, the dirty buffers its selector's {@link
   * CleaningView} calls reusable within the next quarter of each sweep, changes no decision of the
   * selector: the same hits and evictions as without it, and fewer dirty victims. The pipeline's
   * {@code BgBufferSync} is run over every selector the same way in bufmgr-pipeline's tests.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void aBackgroundCleanerChangesNoReplayDecision(String spec) {
    for (long seed = 1; seed <= 3; seed++) {
      int frames = 40 + (int) seed * 20;
      Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3, true);
      FailingWriteBack storage = new FailingWriteBack();
      try (BufferPool plain = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, WriteBackHook.NONE);
          BufferPool cleaned = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, storage);
          PoolSession a = plain.openSession();
          PoolSession b = cleaned.openSession()) {
        CleaningView view = cleaned.cleaningView();
        assertTrue(view != null, spec + " offers a cleaning view");
        BufferWriter writer = new BufferWriter(cleaned, storage);
        long written = 0;
        for (int i = 0; i < trace.length; i++) {
          Request r = trace[i];
          boolean hit = a.access(r.page(), r.strategy(), 0, r.write());
          assertEquals(hit, b.access(r.page(), r.strategy(), 0, r.write()), spec + ": request " + i + " (seed " + seed + ")");
          if (i % 37 == 36) written += cleanAhead(view, cleaned, writer);
        }
        assertTrue(written > 0, spec + ": the cleaner wrote nothing");
        assertEquals(plain.metrics().evictions(), cleaned.metrics().evictions());
        assertTrue(cleaned.metrics().dirtyEvictions() < plain.metrics().dirtyEvictions(), "cleaned ahead, fewer dirty victims");
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

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void theNextVictimIsTheFirstReusableBufferOfASweep(String spec) {
    int frames = 64;
    Request[] trace = SeededTraces.mixed(5, 5_000, frames * 3, false);
    try (BufferPool p = pool(spec, Sharing.EXCLUSIVE, frames, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      for (Request r : trace) s.access(r.page(), r.strategy(), 0, false);
      CleaningView view = p.cleaningView();
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
        assertTrue(firsts.contains(victim), spec + ": victim " + victim + " is none of the sweeps' first reusable buffers " + firsts);
        checked++;
        s.access(trace[k].page(), AccessStrategy.NORMAL, 0, false);
      }
      assertTrue(checked > 200, "checked " + checked);
    }
  }

  @Test
  void everySpecNamesARegisteredSelector() {
    SelectorRegistry registry = registry();
    for (String spec : selectorSpecs()) {
      assertTrue(registry.contains(Spec.parse(spec).name()), spec + " is not registered");
      registry.validate(Spec.parse(spec));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void sharedAndExclusivePoolsServeTheSameRequestsAlike(String spec) {
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
          assertEquals(hit, b.access(r.page(), r.strategy(), 0, r.write()), spec + ": request " + i + " (seed " + seed + ")");
        }
        for (long page = 0; page < frames * 3L; page++) {
          assertEquals(shared.bufferOf(page), exclusive.bufferOf(page), spec + ": buffer of page " + page);
        }
        assertEquals(shared.metrics().evictions(), exclusive.metrics().evictions());
        PoolInvariants.checkQuiescent(exclusive);
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void aRunOfReadsServesThemAsSingleAccessesDo(String spec, Sharing sharing) {
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
          assertEquals(single.metrics().hits(), runs.metrics().hits(), where);
          assertEquals(single.metrics().hits(0), runs.metrics().hits(0), where);
          assertEquals(single.metrics().misses(), runs.metrics().misses(), where);
          if (to > from) assertEquals(lastHit, b.wasHit(), where);
          from = to;
        }
        for (long page = 0; page < frames * 3L; page++) {
          assertEquals(single.bufferOf(page), runs.bufferOf(page), spec + ": buffer of page " + page);
        }
        assertEquals(single.metrics().evictions(), runs.metrics().evictions());
        assertEquals(single.selectorCounters(), runs.selectorCounters());
        PoolInvariants.checkQuiescent(runs);
      }
    }
  }

  @Test
  void anExclusivePoolRefusesASessionOnAnotherThread() throws Exception {
    try (BufferPool p = pool(selectorSpecs().get(0), Sharing.EXCLUSIVE, 8, StorageMode.METADATA, WriteBackHook.NONE);
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
      assertTrue(seen.get() instanceof IllegalStateException, "got " + seen.get());
      assertTrue(seen.get().getMessage().contains("belongs to the thread"), seen.get().getMessage());
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void neverEvictsAPinnedBuffer(String spec, Sharing sharing) {
    try (BufferPool p = pool(spec, sharing, 32, StorageMode.PAGE_MEMORY, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      Map<Long, Integer> held = new HashMap<>();
      for (long page = 0; page < 12; page++) held.put(page, s.pin(page, AccessStrategy.NORMAL, 0));
      Request[] trace = SeededTraces.mixed(7, 6_000, 400, true);
      for (Request r : trace) {
        long page = 1_000 + r.page();
        int b = s.pin(page, r.strategy(), 0);
        PoolInvariants.checkPinned(p, b, page);
        assertFalse(held.containsValue(b), "page " + page + " was loaded into held buffer " + b);
        s.unpin(b);
      }
      held.forEach(
          (page, b) -> {
            PoolInvariants.checkPinned(p, b, page);
            assertEquals(b, p.bufferOf(page));
          });
      held.values().forEach(s::unpin);
      PoolInvariants.checkQuiescent(p);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void mappingAndDescriptorsStayABijection(String spec, Sharing sharing) {
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
        assertEquals(Math.min(seen.size(), frames), p.residentPages(), "a full pool keeps every buffer in use");
        assertEquals(trace.length, p.metrics().requests());
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void pinsReturnToZero(String spec, Sharing sharing) {
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
        assertEquals(pinned.size(), PoolInvariants.totalPins(p), () -> spec + ": pins the test holds against pins on the buffers, step " + step);
      }
      pinned.forEach(s::unpin);
      assertEquals(0, PoolInvariants.totalPins(p));
      PoolInvariants.checkQuiescent(p);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(String spec, Sharing sharing) {
    try (BufferPool p = pool(spec, sharing, 8, StorageMode.METADATA, WriteBackHook.NONE);
        PoolSession s = p.openSession()) {
      int[] held = new int[8];
      for (int page = 0; page < 8; page++) held[page] = s.pin(page, AccessStrategy.NORMAL, 0);
      assertTimeoutPreemptively(
          searchDeadline(),
          () -> {
            NoUnpinnedBuffersException e =
                assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(100, AccessStrategy.NORMAL, 0));
            assertTrue(e.getMessage().contains("no unpinned buffers available"), e.getMessage());
          },
          "the victim search must end when every buffer is pinned");
      PoolInvariants.checkWithPins(p);
      s.unpin(held[5]);
      for (long page = 200; page < 230; page++) {
        int b = s.pin(page, AccessStrategy.NORMAL, 0);
        assertEquals(held[5], b, "the only unpinned buffer must be the victim");
        s.unpin(b);
      }
      for (int i = 0; i < 8; i++) if (i != 5) s.unpin(held[i]);
      PoolInvariants.checkQuiescent(p);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void ringsKeepToTheirSizeAndCap(String spec, Sharing sharing) {
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
      assertEquals(frames / 8, bulkRing, "256 KiB of 8 KiB pages, capped at N/8");
      assertEquals(frames / 8, vacuumRing);
      assertRing(s.ringBuffers(AccessStrategy.BULKREAD), bulkRing);
      assertRing(s.ringBuffers(AccessStrategy.VACUUM), vacuumRing);
      int lost = 0;
      for (long page = 0; page < frames; page++) if (p.bufferOf(page) < 0) lost++;
      assertTrue(
          lost <= bulkRing + vacuumRing,
          "two scans through rings of " + bulkRing + " and " + vacuumRing + " buffers evicted " + lost
              + " of the pool's twice-used pages");
      PoolInvariants.checkQuiescent(p);
    }
  }

  private static void assertRing(int[] ring, int size) {
    assertEquals(size, ring.length);
    Set<Integer> distinct = new HashSet<>();
    for (int b : ring) if (b >= 0) distinct.add(b);
    assertTrue(distinct.size() <= size);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void noDirtyPageIsLost(String spec, Sharing sharing) {
    Set<Long> dirty = new HashSet<>();
    CheckingWriteBack hook = new CheckingWriteBack(dirty::remove);
    try (BufferPool p = pool(spec, sharing, 40, StorageMode.PAGE_MEMORY, hook); PoolSession s = p.openSession()) {
      Request[] trace = SeededTraces.mixed(11, 10_000, 160, true);
      for (Request r : trace) {
        s.access(r.page(), r.strategy(), 0, r.write());
        if (r.write()) dirty.add(r.page());
      }
      assertEquals(List.of(), List.copyOf(hook.problems()));
      for (Long page : dirty) {
        int b = p.bufferOf(page);
        assertTrue(b >= 0, "dirty page " + page + " left the pool without being written");
        assertTrue(BufferState.has(p.descriptors().state(b), BufferState.DIRTY), "page " + page + " lost its dirty flag");
      }
      for (long page = 0; page < 160; page++) {
        int b = p.bufferOf(page);
        if (b >= 0 && BufferState.has(p.descriptors().state(b), BufferState.DIRTY)) {
          assertTrue(dirty.contains(page), "page " + page + " is marked dirty but was never written or already written back");
        }
      }
      assertTrue(p.metrics().dirtyEvictions() > 0, "the trace should force dirty evictions");
      assertEquals(p.metrics().dirtyEvictions(), p.metrics().writeBacks(), "single-threaded, every write-back leads to an eviction");
      PoolInvariants.checkQuiescent(p);
    }
  }
}
