package dev.bufmgr.bench;

import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.evict.AccessStrategy;
import dev.bufmgr.core.metrics.SessionMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
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
 * <p><b>What is reported.</b> The primary score is operations (hits and misses) per second. The
 * auxiliary counters, per second of the iteration and summed over threads, are:
 * <ul>
 *   <li>{@code evictions}: pages that left a buffer for another (the seed thread's
 *       block-evictions/sec);
 *   <li>{@code misses}: operations that had to load their page;
 *   <li>{@code victimSearches}: searches the selector ran (evictions plus victims given back
 *       because another thread pinned them or loaded the same page first);
 *   <li>{@code ticks}: clock positions examined by those searches.
 * </ul>
 * Ticks per victim is {@code ticks / victimSearches} (the same ratio whatever the time unit);
 * {@link BenchRunner} prints it after the run. The counters come from the pool's own per-session
 * metrics, read at the start and end of each iteration, so counting adds nothing to the loop.
 *
 * <p>Threads come from the command line ({@code -t}). The selector specs in the default list are
 * the ones registered on the class path today (G-CLOCK with hand batches 1, 16, 64); others can be
 * given with {@code -p selector=...}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {ForkFlags.ADD_EXPORTS_MISC, ForkFlags.UNSAFE_ALLOW, ForkFlags.NATIVE_ACCESS})
public class EvictionBenchmark {
  /** Pages per thread's precomputed array (a power of two, for the index mask). */
  static final int SAMPLES = 1 << 20;
  private static final int MASK = SAMPLES - 1;

  /** The victim selector with its parameters, as the registry parses it. */
  @Param({
    "gclock:batch=1", "gclock:batch=16", "gclock:batch=64",
    "hotcool:batch=1", "hotcool:batch=16", "hotcool:batch=64",
    "s3fifo"
  })
  public String selector;

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

  /** Seed of the page arrays (thread i uses seed + 1 + i) and of the fill order. */
  @Param({"42"})
  public long seed;

  BufferPool pool;
  int pages;
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
    pool =
        new BufferPool(
            PoolConfig.builder()
                .frames(frames)
                .storage(StorageMode.parse(storage))
                .padding(Padding.parse(padding))
                .selector(selector)
                .build());
    int[] order = KeySamples.permutation(pages, seed);
    try (PoolSession filler = pool.openSession()) {
      for (int i = 0; i < frames; i++) filler.access(order[i], AccessStrategy.NORMAL, 0, false);
    }
    if (pool.residentPages() != frames) {
      throw new IllegalStateException("fill left " + pool.residentPages() + " of " + frames + " buffers in use");
    }
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
    PoolSession session;
    int[] pageSamples;
    int index;
    private SessionTotals atStart;

    /** Opens the thread's session and draws its pages. */
    @Setup(Level.Trial)
    public void open(EvictionBenchmark bench) {
      session = bench.pool.openSession();
      pageSamples = KeySamples.uniform(bench.pages, SAMPLES, bench.seed + 1 + bench.threadNumbers.getAndIncrement());
    }

    /** Remembers the session's totals as the iteration begins. */
    @Setup(Level.Iteration)
    public void beginIteration() {
      atStart = SessionTotals.of(session);
      evictions = 0;
      misses = 0;
      victimSearches = 0;
      ticks = 0;
    }

    /** Sets the counters to what the session did during the iteration. */
    @TearDown(Level.Iteration)
    public void endIteration() {
      SessionTotals now = SessionTotals.of(session);
      evictions = now.evictions - atStart.evictions;
      misses = now.misses - atStart.misses;
      victimSearches = now.victimSearches - atStart.victimSearches;
      ticks = now.ticks - atStart.ticks;
    }
  }

  /** One session's running totals, read from its own counters. */
  record SessionTotals(long evictions, long misses, long victimSearches, long ticks) {
    static SessionTotals of(PoolSession session) {
      SessionMetrics m = session.metrics();
      return new SessionTotals(m.evictions(), m.misses(), m.victimSearches(), m.ticksTotal());
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
