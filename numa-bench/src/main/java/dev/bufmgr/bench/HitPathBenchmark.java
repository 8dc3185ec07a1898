package dev.bufmgr.bench;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * The hit path, all pages resident: the pool's pin and unpin of a page beside Caffeine's {@code
 * getIfPresent} of the same key, two benchmark methods over the same precomputed keys, so one JMH
 * run measures both on the same machine state.
 *
 * <p><b>Setup.</b> {@code keys} pages (ids 0..keys-1) are loaded into a pool of {@code 2 x keys}
 * buffers in a seeded random order (so hot pages do not sit in neighbouring state words), and put
 * into a Caffeine cache with {@code maximumSize(keys)} and a same-thread executor. Neither ever
 * misses; the pool's sessions check this when the trial ends. One key sequence of {@link #SAMPLES}
 * entries, uniform or Zipf (exponent {@link KeySamples#ZIPF_EXPONENT}), is shared by both methods;
 * each thread starts at its own seeded offset and walks it with a masked index, as in Caffeine's
 * {@code GetPutBenchmark}.
 *
 * <p><b>What one operation is.</b> {@link #pool}: {@link PoolSession#access} with {@link
 * AccessStrategy#NORMAL}, that is the mapping-table lookup, the pin (one compare-and-set that also
 * applies G-CLOCK's usage rule) and the unpin (one atomic add). {@link #caffeine}: one {@code
 * getIfPresent}, which includes Caffeine's read-buffer bookkeeping. Score: operations per second,
 * summed over threads ({@code -t}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {ForkFlags.ADD_EXPORTS_MISC, ForkFlags.UNSAFE_ALLOW, ForkFlags.NATIVE_ACCESS})
public class HitPathBenchmark {
  /** Entries of the shared key sequence (a power of two, for the index mask). */
  static final int SAMPLES = 1 << 16;
  private static final int MASK = SAMPLES - 1;

  /** {@code uniform} or {@code zipf}. */
  @Param({"zipf", "uniform"})
  public String distribution;

  /** Distinct pages (keys); the pool has twice as many buffers. */
  @Param({"16384"})
  public int keys;

  /** State-word padding: {@code none}, {@code line} or {@code two-lines}. */
  @Param({"none"})
  public String padding;

  /** The pool's victim selector (it only sets the usage rule of a hit here). */
  @Param({"gclock"})
  public String selector;

  /** Seed of the key sequence, the load order and the threads' start offsets. */
  @Param({"42"})
  public long seed;

  BufferPool pool;
  Cache<Long, Boolean> cache;
  long[] pageSamples;
  Long[] keySamples;
  private final AtomicInteger threadNumbers = new AtomicInteger();

  /** Draws the keys, loads every page into the pool and puts every key into the cache. */
  @Setup(Level.Trial)
  public void populate() {
    int[] drawn = KeySamples.draw(KeySamples.Distribution.parse(distribution), keys, SAMPLES, seed);
    pageSamples = new long[SAMPLES];
    keySamples = new Long[SAMPLES];
    Long[] boxed = new Long[keys];
    for (int k = 0; k < keys; k++) boxed[k] = (long) k;
    for (int i = 0; i < SAMPLES; i++) {
      pageSamples[i] = drawn[i];
      keySamples[i] = boxed[drawn[i]];
    }
    pool =
        new BufferPool(
            PoolConfig.builder()
                .frames(2 * keys)
                .padding(Padding.parse(padding))
                .selector(selector)
                .build());
    cache = Caffeine.newBuilder().maximumSize(keys).executor(Runnable::run).build();
    int[] order = KeySamples.permutation(keys, seed + 1);
    try (PoolSession loader = pool.openSession()) {
      for (int k : order) {
        loader.access(k, AccessStrategy.NORMAL, 0, false);
        cache.put(boxed[k], Boolean.TRUE);
      }
    }
    cache.cleanUp();
    if (pool.residentPages() != keys || cache.estimatedSize() != keys) {
      throw new IllegalStateException(
          "populate left " + pool.residentPages() + " pages resident and " + cache.estimatedSize()
              + " keys cached, expected " + keys);
    }
  }

  /** Frees the pool's memory. */
  @TearDown(Level.Trial)
  public void closePool() {
    pool.close();
  }

  /** One thread's pool session and position in the shared key sequence. */
  @State(Scope.Thread)
  public static class Worker {
    PoolSession session;
    int index;

    /** Opens the session and picks the thread's start offset. */
    @Setup(Level.Trial)
    public void open(HitPathBenchmark bench) {
      session = bench.pool.openSession();
      index = new SplittableRandom(bench.seed + 2 + bench.threadNumbers.getAndIncrement()).nextInt(SAMPLES);
    }

    /** Fails the run if the pool ever missed: then it did not measure the hit path. */
    @TearDown(Level.Trial)
    public void checkAllHits() {
      if (session.metrics().misses() != 0) {
        throw new IllegalStateException("hit-path benchmark missed " + session.metrics().misses() + " times");
      }
    }
  }

  /** The pool's hit: look up, pin and unpin the thread's next page. */
  @Benchmark
  public boolean pool(Worker worker) {
    return worker.session.access(pageSamples[worker.index++ & MASK], AccessStrategy.NORMAL, 0, false);
  }

  /** Caffeine's hit: {@code getIfPresent} of the same key. */
  @Benchmark
  public Boolean caffeine(Worker worker) {
    return cache.getIfPresent(keySamples[worker.index++ & MASK]);
  }
}
