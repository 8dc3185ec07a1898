package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.ForkFlags;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.ThreadParams;

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
 * {@code GetPutBenchmark}. With {@code sharing=disjoint} (a control for the cost of sharing), thread
 * i of T maps each drawn key k to k - (k mod T) + i, so the threads touch disjoint pages (and keys)
 * with the same distribution shape; {@code keys} must then be a multiple of T.
 *
 * <p><b>What one operation is.</b> {@link #pool}: {@link PoolSession#access} of a read with
 * {@link AccessStrategy#NORMAL}, the request for a page the caller does not keep: the mapping-table
 * lookup and G-CLOCK's usage rule applied without a pin (one compare-and-set while the count
 * climbs, none once it is at maxUsage). {@link #poolPinUnpin}: {@link PoolSession#pin} and {@link
 * PoolSession#unpin}, a page held across the call as a PostgreSQL backend holds it: the lookup, the
 * pin (one compare-and-set that also applies the usage rule) and the unpin (one compare-and-set).
 * {@link #caffeine}: one {@code getIfPresent}, which includes Caffeine's read-buffer bookkeeping.
 * Score: operations per second, summed over threads ({@code -t}).
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

  /** {@code shared}: all threads draw from all keys; {@code disjoint}: each thread from its own keys. */
  @Param({"shared"})
  public String sharing;

  /** Seed of the key sequence, the load order and the threads' start offsets. */
  @Param({"42"})
  public long seed;

  BufferPool pool;
  Cache<Long, Boolean> cache;
  long[] pageSamples;
  Long[] keySamples;
  /** Key k boxed once, so that every lookup of k passes the same object. */
  Long[] boxedKeys;

  /** Draws the keys, loads every page into the pool and puts every key into the cache. */
  @Setup(Level.Trial)
  public void populate() {
    int[] drawn = KeySamples.draw(KeySamples.Distribution.parse(distribution), keys, SAMPLES, seed);
    pageSamples = new long[SAMPLES];
    keySamples = new Long[SAMPLES];
    boxedKeys = new Long[keys];
    for (int k = 0; k < keys; k++) boxedKeys[k] = (long) k;
    for (int i = 0; i < SAMPLES; i++) {
      pageSamples[i] = drawn[i];
      keySamples[i] = boxedKeys[drawn[i]];
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
        cache.put(boxedKeys[k], Boolean.TRUE);
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

  /** One thread's pool session, its view of the key sequence, and its position in it. */
  @State(Scope.Thread)
  public static class Worker {
    PoolSession session;
    long[] pages;
    Long[] keys;
    int index;

    /** Opens the session, picks the thread's keys (see {@code sharing}) and its start offset. */
    @Setup(Level.Trial)
    public void open(HitPathBenchmark bench, ThreadParams thread) {
      session = bench.pool.openSession();
      int t = thread.getThreadIndex();
      switch (bench.sharing) {
        case "shared" -> {
          pages = bench.pageSamples;
          keys = bench.keySamples;
        }
        case "disjoint" -> {
          int threads = thread.getThreadCount();
          if (bench.keys % threads != 0) {
            throw new IllegalArgumentException(
                "sharing=disjoint needs keys (" + bench.keys + ") to be a multiple of the threads (" + threads + ")");
          }
          pages = new long[SAMPLES];
          keys = new Long[SAMPLES];
          for (int i = 0; i < SAMPLES; i++) {
            long k = bench.pageSamples[i];
            pages[i] = k - k % threads + t;
            keys[i] = bench.boxedKeys[(int) pages[i]];
          }
        }
        default -> throw new IllegalArgumentException("sharing must be shared or disjoint, got '" + bench.sharing + "'");
      }
      index = new SplittableRandom(bench.seed + 2 + t).nextInt(SAMPLES);
    }

    /** Fails the run if the pool ever missed: then it did not measure the hit path. */
    @TearDown(Level.Trial)
    public void checkAllHits() {
      if (session.metrics().misses() != 0) {
        throw new IllegalStateException("hit-path benchmark missed " + session.metrics().misses() + " times");
      }
    }
  }

  /** The pool's hit for a page not kept: look up and apply the usage rule, no pin. */
  @Benchmark
  public boolean pool(Worker worker) {
    return worker.session.access(worker.pages[worker.index++ & MASK], AccessStrategy.NORMAL, 0, false);
  }

  /** The pool's hit for a page held during the call: look up, pin, unpin. */
  @Benchmark
  public int poolPinUnpin(Worker worker) {
    PoolSession s = worker.session;
    int b = s.pin(worker.pages[worker.index++ & MASK], AccessStrategy.NORMAL, 0);
    s.unpin(b);
    return b;
  }

  /** Caffeine's hit: {@code getIfPresent} of the same key. */
  @Benchmark
  public Boolean caffeine(Worker worker) {
    return cache.getIfPresent(worker.keys[worker.index++ & MASK]);
  }
}
