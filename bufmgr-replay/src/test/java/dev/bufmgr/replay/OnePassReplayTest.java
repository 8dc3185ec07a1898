package dev.bufmgr.replay;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.replay.catalog.PolicyCatalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.stream.BlockConsumer;
import dev.bufmgr.workloads.stream.EventBlock;
import dev.bufmgr.workloads.stream.FactsCounter;
import dev.bufmgr.workloads.stream.InputFacts;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.OracleGeneralTraceWriter;
import dev.bufmgr.workloads.trace.TraceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One streaming pass feeding many configurations on several threads gives each configuration
 * exactly the result it has when replayed alone from memory, hit for hit.
 */
class OnePassReplayTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);
  private static final List<Integer> SIZES = List.of(40, 400, 2000);

  @TempDir Path dir;

  /** Page requests of a trace (its transaction markers left out). */
  private static long pageCount(EventTrace t) {
    long n = 0;
    for (int e = 0; e < t.size(); e++) if (EventMeta.isPage(t.meta(e))) n++;
    return n;
  }

  /**
   * Every default policy, fifo and some variants, except Caffeine, whose W-TinyLFU admits at random
   * and so is not reproducible run to run (its rows carry a spread instead).
   */
  private static List<ReplayPolicy> deterministicPolicies() {
    List<ReplayPolicy> all = new ArrayList<>(CATALOG.defaults());
    for (String variant : List.of("fifo", "gclock:maxUsage=1", "gclock:batch=16", "s3fifo:variant=original", "hotcool:batch=1")) {
      all.add(CATALOG.resolve(variant));
    }
    return all.stream().filter(p -> !p.name().startsWith("caffeine")).toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "zipf:pages=3000,requests=120000,seed=5",
      "tpcb:frames=300,ratio=4,requests=60000,seed=2",
      "mix:streams=3*zipf(pages=2500)+1*scan(pages=1500;strategy=b),requests=80000,seed=9"})
  void everyPolicyAndSizeInOnePassEqualsItsRunAlone(String spec) {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse(spec));
    EventTrace trace = EventTrace.load(input.open());
    List<ReplayPolicy> policies = deterministicPolicies();
    List<ReplayRun> runs = new ArrayList<>();
    for (ReplayPolicy p : policies) for (int f : SIZES) runs.add(p.start(f, input.carries()));
    ReplayInput.Pass pass = input.pass(true, dir);
    List<ReplayResult> together = OnePassReplay.run(pass.source(), pass.next(), runs, List.of(), 3);

    int i = 0;
    for (ReplayPolicy p : policies) {
      for (int f : SIZES) {
        ReplayResult alone = p.replay(trace, f);
        ReplayResult shared = together.get(i++);
        String what = p.name() + " at " + f + " on " + spec;
        assertEquals(alone.policy(), shared.policy(), what);
        assertEquals(pageCount(trace), shared.requests(), what);
        assertEquals(alone.hits(), shared.hits(), what);
        assertEquals(alone.evictions(), shared.evictions(), what);
        assertEquals(alone.dirtyEvictions(), shared.dirtyEvictions(), what);
        assertEquals(alone.ticksPerVictim(), shared.ticksPerVictim(), what);
        assertArrayEquals(alone.classHits(), shared.classHits(), what);
        assertArrayEquals(alone.classMisses(), shared.classMisses(), what);
      }
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "the next-access index is removed after the pass");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theRunnerSharesOnePassAndItsRowsMatchSingleRuns() {
    Workloads.Workload w = Workloads.parse("hotset:pages=5000,requests=90000,seed=3");
    List<ReplayPolicy> policies = List.of(CATALOG.resolve("lru"), CATALOG.resolve("gclock"), CATALOG.resolve("s3fifo"));
    var rows = new ReplayRunner(null).run(ReplayInput.ofWorkload(w), policies, List.of(100, 1000), 1);
    EventTrace trace = EventTrace.load(w.open());
    int i = 0;
    for (ReplayPolicy p : policies) {
      for (int f : List.of(100, 1000)) {
        long hits = p.replay(trace, f).hits();
        assertEquals(hits, (long) rows.get(i++).number("hits"), p.name() + " at " + f);
      }
    }
  }

  @Test
  @Timeout(60)
  void aRunThatFailsEndsThePassWithItsFailure() {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse("uniform:pages=100,requests=5000000"));
    AtomicLong seen = new AtomicLong();
    BlockConsumer fails = b -> {
      if (seen.addAndGet(b.size()) > 100_000) throw new IllegalStateException("consumer gave up");
    };
    BlockConsumer slow = b -> seen.get();
    ThreadFailure e = assertThrows(ThreadFailure.class,
        () -> OnePassReplay.run(input.open(), null, List.of(CATALOG.resolve("lru").start(10, Set.of())), List.of(fails, slow), 2));
    assertEquals("consumer gave up", e.getCause().getMessage());
    assertTrue(e.thread().startsWith("replay-"), e.thread());
  }

  @Test
  @Timeout(60)
  void aMalformedRecordMidStreamFailsThePassNamingIt() throws IOException {
    List<String> lines = LongStream.range(0, 70_000).mapToObj(Long::toString).collect(Collectors.toCollection(ArrayList::new));
    lines.set(50_000, "fifty-thousand");
    Path f = Files.write(dir.resolve("bad.txt"), lines);
    ReplayInput input = ReplayInput.ofFile(f, "text");
    List<ReplayRun> runs = List.of(CATALOG.resolve("lru").start(10, Set.of()), CATALOG.resolve("gclock").start(10, Set.of()));
    TraceException e = assertThrows(TraceException.class, () -> OnePassReplay.run(input.open(), null, runs, List.of(), 2));
    assertTrue(e.getMessage().contains("bad.txt") && e.getMessage().contains("50001"), e.getMessage());
  }

  @Test
  void blocksCarryEveryRequestInOrderAndDropTransactionMarkers() {
    Workloads.Workload w = Workloads.parse("tpcb:frames=100,ratio=2,requests=50000,seed=1");
    EventTrace trace = EventTrace.load(w.open());
    try (var s = w.open()) {
      assertTrue(s.carries().contains(EventField.TRANSACTIONS), "the workload has markers to drop");
    }
    List<Long> pages = new ArrayList<>();
    List<Long> firsts = new ArrayList<>();
    BlockConsumer collect = (EventBlock b) -> {
      firsts.add(b.first());
      for (int k = 0; k < b.size(); k++) pages.add(b.pages()[k]);
    };
    OnePassReplay.run(w.open(), null, List.of(), List.of(collect), 1);
    assertEquals(pageCount(trace), pages.size());
    long position = 0;
    int k = 0;
    for (int e = 0; e < trace.size(); e++) {
      if (!EventMeta.isPage(trace.meta(e))) continue;
      assertEquals(trace.pages()[e], pages.get(k++), "request " + position++);
    }
    assertEquals(0L, firsts.getFirst());
  }

  /** The facts a counter finds on a pass of its own, every page counted. */
  private static InputFacts factsAlone(ReplayInput input) {
    FactsCounter alone = new FactsCounter(input.carries());
    OnePassReplay.run(input.open(), null, List.of(), List.of(alone), 1);
    assertFalse(alone.countsMisses());
    return alone.facts();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "zipf:pages=3000,requests=120000,seed=5",
      "tpcb:frames=300,ratio=4,requests=60000,seed=2",
      "mix:streams=3*zipf(pages=2500)+1*scan(pages=1500;strategy=b),requests=80000,seed=9"})
  void aCounterFedOnAPoolRunsMissesFindsTheFactsOfEveryPage(String spec) {
    countsFromMissesAsFromEveryPage(ReplayInput.ofWorkload(Workloads.parse(spec)), spec);
  }

  /** Plain reads, no field carried: the pool serves them as one run of reads ({@code readAll}). */
  @Test
  void aCounterFedOnMissesOfPlainReadsFindsEveryPage() {
    Workloads.Workload w = Workloads.parse("zipf:pages=6000,requests=150000,seed=8");
    Path og = dir.resolve("z.oracleGeneral.bin");
    OracleGeneralTraceWriter.write(w::open, og, dir);
    ReplayInput input = ReplayInput.ofFile(og, "oracleGeneral");
    assertTrue(input.carries().isEmpty(), "plain reads");
    countsFromMissesAsFromEveryPage(input, "plain reads");
  }

  private void countsFromMissesAsFromEveryPage(ReplayInput input, String spec) {
    EventTrace trace = EventTrace.load(input.open());
    HashSet<Long> distinct = new HashSet<>();
    for (int e = 0; e < trace.size(); e++) if (EventMeta.isPage(trace.meta(e))) distinct.add(trace.pages()[e]);
    InputFacts expected = factsAlone(input);
    assertEquals(distinct.size(), expected.distinctPages());
    for (String policy : List.of("lru", "fifo", "gclock", "hotcool", "s3fifo", "lru-pool", "clockpro")) {
      for (int frames : List.of(40, 2000, 10_000)) {
        FactsCounter counter = new FactsCounter(input.carries());
        // The run under test notes its misses (it is the first that can); the counter, third
        // consumer of three workers, waits for them on a thread of its own.
        List<ReplayRun> runs = List.of(CATALOG.resolve(policy).start(frames, input.carries()),
            CATALOG.resolve("arc").start(frames, input.carries()));
        OnePassReplay.run(input.open(), null, runs, List.of(counter), 3);
        String what = policy + " at " + frames + " on " + spec;
        assertTrue(counter.countsMisses(), "the counter counts the misses of " + what);
        assertEquals(expected, counter.facts(), what);
      }
    }
  }

  @Test
  @Timeout(60)
  void aNotingRunThatFailsDoesNotLeaveTheCounterWaiting() {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse("uniform:pages=100000,requests=5000000"));
    ReplayRun failing = new ReplayRun() {
      private long seen;

      @Override
      public void accept(EventBlock b) {
        throw new AssertionError("the noting run is handed its blocks through acceptNotingMisses");
      }

      @Override
      public boolean notesMisses() {
        return true;
      }

      @Override
      public void acceptNotingMisses(EventBlock b) {
        seen += b.size();
        if (seen > 100_000) throw new IllegalStateException("noting run gave up");
        b.notedMisses(0);
      }

      @Override
      public ReplayResult finish(double seconds) {
        throw new AssertionError("a failed pass gives no results");
      }
    };
    FactsCounter counter = new FactsCounter(input.carries());
    ThreadFailure e = assertThrows(ThreadFailure.class,
        () -> OnePassReplay.run(input.open(), null, List.of(failing), List.of(counter), 2));
    assertEquals("noting run gave up", e.getCause().getMessage());
  }
}
