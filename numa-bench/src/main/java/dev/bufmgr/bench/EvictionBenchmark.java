package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.ForkFlags;

import dev.bufmgr.bench.placement.Topology;

import dev.bufmgr.bench.placement.NodeStripePlacement;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.StripePlacement;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.metrics.SessionMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.HdrHistogram.Histogram;

/**
 * Evictions per second in a miss-heavy loop: the sweep-bound microbenchmark of the pgsql-hackers
 * thread on the batched clock sweep (seeds/002), where each loop pins and releases a random block
 * of a table 1.7 times the size of shared_buffers with the normal (non-ring) strategy, so that
 * finding victims is nearly the only work.
 *
 * <p><b>What one operation is.</b> One pin and one unpin, through {@link AccessStrategy#NORMAL},
 * of a page drawn uniformly from {@code workingSet x frames} pages. All threads share one pool per
 * trial; the pool is filled before the first iteration, so every miss evicts. Each thread walks
 * its own precomputed page array (seeded by {@code seed} and the thread's number) with a masked
 * index, so drawing pages costs nothing in the loop. With a working set 1.7 times the pool, about
 * 41% of operations miss.
 *
 * <p><b>The selector and its hand.</b> {@code selector} names the selector ({@code gclock},
 * {@code hotcool}, {@code s3fifo}, or any registered spec) and {@code hand} the clock hand it
 * sweeps with ({@link HandSpec}: {@code stock}, {@code batch16}, {@code batch64}, {@code
 * partitioned}, or {@code spec} to take the selector spec as written).
 *
 * <p><b>What is reported.</b> The primary score is operations (hits and misses) per second. The
 * auxiliary counters, per second of the iteration and summed over threads, are:
 * <ul>
 *   <li>{@code evictions}: pages that left a buffer for another (the seed thread's
 *       block-evictions/sec);
 *   <li>{@code misses}: operations that had to load their page;
 *   <li>{@code victimSearches}: searches the selector ran (evictions plus victims given back
 *       because another thread pinned them or loaded the same page first);
 *   <li>{@code ticks}: clock positions examined by those searches;
 *   <li>{@code failedCas}: compare-and-sets of those searches that lost to another thread's
 *       change of the same word.
 * </ul>
 * Ticks per victim is {@code ticks / victimSearches} and failed compare-and-sets per eviction
 * {@code failedCas / evictions} (the same ratios whatever the time unit); {@link BenchRunner}
 * prints the first after the run. The counters come from the pool's own per-session metrics, read
 * at the start and end of each iteration, so counting adds nothing to the loop.
 *
 * <p><b>Victim-search latency per thread.</b> With {@code timeSearch=true} (the default) the pool
 * times every search (two clock reads per search, {@code PoolConfig.timeVictimSearch}) into the
 * session's HdrHistogram; each thread keeps the searches of its measurement iterations only in a
 * histogram of its own, and when the system property {@value #LATENCY_DIR_PROPERTY} names a
 * folder, writes it there at the end of the trial as {@code thread-<index>-pid<fork>.hlog} (an HdrHistogram
 * log, tagged with the thread's index and the CPU it ended on). JMH's own sample mode would merge
 * the threads.
 *
 * <p><b>Pinning.</b> {@code pinning} ({@code none}, {@code packed}, {@code spread}) pins each
 * worker thread to a CPU chosen from its thread index when its trial starts.
 *
 * <p>Threads come from the command line ({@code -t}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {ForkFlags.ADD_EXPORTS_MISC, ForkFlags.UNSAFE_ALLOW, ForkFlags.NATIVE_ACCESS})
public class EvictionBenchmark {
  /** Pages per thread's precomputed array (a power of two, for the index mask). */
  static final int SAMPLES = 1 << 20;
  private static final int MASK = SAMPLES - 1;

  /** The system property naming the folder per-thread latency logs go to. */
  public static final String LATENCY_DIR_PROPERTY = "bufmgr.bench.latencyDir";

  /** The victim selector with its parameters, as the registry parses it. */
  @Param({"gclock", "hotcool", "s3fifo"})
  public String selector;

  /** The clock hand the selector sweeps with ({@link HandSpec}). */
  @Param({"stock"})
  public String hand;

  /** Buffers in the pool. */
  @Param({"16384"})
  public int frames;

  /** {@code metadata} (no page bytes) or {@code page-memory} (8 KiB frames, off-heap). */
  @Param({"metadata"})
  public String storage;

  /** State-word padding: {@code none}, {@code line} or {@code two-lines}. */
  @Param({"none"})
  public String padding;

  /** Pages in the working set, as a multiple of {@code frames}. */
  @Param({"1.7"})
  public double workingSet;

  /** Whether the pool times each victim search (for the per-thread latency histograms). */
  @Param({"true"})
  public boolean timeSearch;

  /** Worker thread placement: {@code none}, {@code packed} or {@code spread}. */
  @Param({"none"})
  public String pinning;

  /** Descriptor stripes; the partitioned hand keeps one hand per stripe. */
  @Param({"4"})
  public int stripes;

  /**
   * Who first touches each descriptor stripe and which stripe is a thread's home: {@code default}
   * (the core's: an unpinned thread per stripe, homes in turn), {@code nodes} (a thread pinned to
   * the stripe's node, homes on the caller's node: {@link NodeStripePlacement} on this host's
   * topology) or {@code nodes=N} (the same on N logical nodes, {@link Topology#withNodes}); the
   * pinning follows the same topology.
   */
  @Param({"default"})
  public String placement;

  /** Seed of the page arrays (thread i uses seed + 1 + i) and of the fill order. */
  @Param({"42"})
  public long seed;

  BufferPool pool;
  int pages;
  /** The selector spec the pool runs: {@code selector} with {@code hand}. */
  String spec;
  /** The topology the placement and the pinning use. */
  Topology topology;
  private final AtomicInteger threadNumbers = new AtomicInteger();

  /** Builds the pool and fills every buffer with a distinct page of the working set. */
  @Setup(Level.Trial)
  public void openPool() {
    if (!(workingSet > 1.0)) {
      throw new IllegalArgumentException("workingSet must exceed 1.0 for a miss-heavy loop, got " + workingSet);
    }
    long p = (long) Math.ceil(workingSet * frames);
    if (p > Integer.MAX_VALUE) throw new IllegalArgumentException("working set of " + p + " pages is too large");
    pages = (int) p;
    spec = HandSpec.resolve(selector, hand, SelectorRegistry.load());
    topology = placementTopology(placement);
    pool =
        new BufferPool(
            PoolConfig.builder()
                .frames(frames)
                .stripes(stripes)
                .placement(placement.equals("default") ? StripePlacement.DEFAULT : new NodeStripePlacement(topology))
                .storage(StorageMode.parse(storage))
                .padding(Padding.parse(padding))
                .selector(spec)
                .timeVictimSearch(timeSearch)
                .build());
    int[] order = KeySamples.permutation(pages, seed);
    try (PoolSession filler = pool.openSession()) {
      for (int i = 0; i < frames; i++) filler.access(order[i], AccessStrategy.NORMAL, 0, false);
    }
    if (pool.residentPages() != frames) {
      throw new IllegalStateException("fill left " + pool.residentPages() + " of " + frames + " buffers in use");
    }
  }

  /** The host's topology, or {@code nodes=N}'s forced one. */
  static Topology placementTopology(String placement) {
    if (placement.equals("default") || placement.equals("nodes")) return Topology.detect();
    if (placement.matches("nodes=[1-9][0-9]{0,3}")) return Topology.forced(Integer.parseInt(placement.substring(6)));
    throw new IllegalArgumentException("placement must be default, nodes or nodes=N, got '" + placement + "'");
  }

  /** Frees the pool's memory. */
  @TearDown(Level.Trial)
  public void closePool() {
    pool.close();
  }

  /**
   * One thread's session on the shared pool, its page array, and its eviction counters for the
   * current iteration (see the class comment). JMH reports the public counters per second and sums
   * them over threads. (One state class, because JMH gives each injection point of a thread-scoped
   * state its own instance.)
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Worker {
    public long evictions;
    public long misses;
    public long victimSearches;
    public long ticks;
    public long failedCas;
    PoolSession session;
    int[] pageSamples;
    int index;
    int threadIndex;
    /** The victim-search latencies of this thread's measurement iterations. */
    final Histogram measuredLatency = new Histogram(1, MAX_LATENCY_NANOS, 2);
    private SessionTotals atStart;
    private Histogram latencyAtStart;
    private boolean measuring;

    /** Opens the thread's session, places the thread (see {@code pinning}) and draws its pages. */
    @Setup(Level.Trial)
    public void open(EvictionBenchmark bench, ThreadParams thread) {
      threadIndex = thread.getThreadIndex();
      ThreadPlacement.place(bench.pinning, threadIndex, bench.topology);
      session = bench.pool.openSession();
      pageSamples = KeySamples.uniform(bench.pages, SAMPLES, bench.seed + 1 + bench.threadNumbers.getAndIncrement());
    }

    /** Remembers the session's totals as the iteration begins. */
    @Setup(Level.Iteration)
    public void beginIteration(IterationParams iteration) {
      measuring = iteration.getType() == IterationType.MEASUREMENT;
      atStart = SessionTotals.of(session);
      latencyAtStart = measuring ? session.metrics().victimSearchNanos() : null;
      evictions = 0;
      misses = 0;
      victimSearches = 0;
      ticks = 0;
      failedCas = 0;
    }

    /** Sets the counters to what the session did during the iteration. */
    @TearDown(Level.Iteration)
    public void endIteration() {
      SessionTotals now = SessionTotals.of(session);
      evictions = now.evictions - atStart.evictions;
      misses = now.misses - atStart.misses;
      victimSearches = now.victimSearches - atStart.victimSearches;
      ticks = now.ticks - atStart.ticks;
      failedCas = now.failedCas - atStart.failedCas;
      if (measuring) {
        Histogram during = session.metrics().victimSearchNanos();
        during.subtract(latencyAtStart);
        measuredLatency.add(during);
      }
    }

    /** Writes the thread's measured latencies where {@value #LATENCY_DIR_PROPERTY} says, if set. */
    @TearDown(Level.Trial)
    public void writeLatency() throws IOException {
      String dir = System.getProperty(LATENCY_DIR_PROPERTY);
      if (dir == null || dir.isBlank()) return;
      LatencyLog.write(
          Path.of(dir).resolve("thread-" + threadIndex + "-pid" + ProcessHandle.current().pid() + ".hlog"), threadIndex,
          measuredLatency);
    }
  }

  /** The largest latency the histograms track (one hour), as the session's own histogram. */
  static final long MAX_LATENCY_NANOS = 3_600_000_000_000L;

  /** One session's running totals, read from its own counters. */
  record SessionTotals(long evictions, long misses, long victimSearches, long ticks, long failedCas) {
    static SessionTotals of(PoolSession session) {
      SessionMetrics m = session.metrics();
      return new SessionTotals(m.evictions(), m.misses(), m.victimSearches(), m.ticksTotal(), m.failedCasTotal());
    }
  }

  /** Pins the thread's next page (loading it on a miss, evicting another) and unpins it. */
  @Benchmark
  public int pinUnpin(Worker worker) {
    int b = worker.session.pin(worker.pageSamples[worker.index++ & MASK], AccessStrategy.NORMAL, 0);
    worker.session.unpin(b);
    return b;
  }
}
