package dev.bufmgr.pipeline;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.PolicyFactory;
import java.util.Objects;

/**
 * One pipeline run: a pool and its selector, clients running transactions, the log's release
 * policy, full-page writes, plain checkpoints, and how long to run. The device is the driver's
 * (a model in the simulation, a real or emulated device in real time).
 *
 * @param frames buffers in the pool
 * @param selector the victim selector
 * @param rings whether bulk strategies use PostgreSQL's rings
 * @param pageSize bytes per page
 * @param fullPageWrites PostgreSQL's {@code full_page_writes}
 * @param clients closed-loop clients, each running one unit of work at a time
 * @param think each client's pause between units
 * @param policy the commit release policy
 * @param checkpoints when checkpoints start and how they pace their writes, or {@code null} for
 *     none (a checkpoint sets the redo point, writes every buffer dirty then, forces the data
 *     file)
 * @param bgwriter the background writer's settings, or {@code null} for none
 * @param transactions transactions to acknowledge in all, warm-up included (0 when {@code
 *     durationNanos} bounds the run)
 * @param durationNanos run length, warm-up included (0 when {@code transactions} bounds it)
 * @param warmupFraction the first share of the run (time or transactions) that is not measured
 * @param intervalNanos the time series' interval
 * @param seed seeds think times and device draws
 * @param flushMode who flushes the log in real time (a flusher thread, or a leader among the
 *     committing threads and page writers); the simulation has one flush in flight either way
 * @param pageCache the operating system's page cache between the pool and the device, or {@code
 *     null} for none (the direct model: every page write on the device, reads free)
 * @param pools several pools side by side ({@code --pools}), each with its share of {@code
 *     frames}, its selector and its own background writer, pages routed by class; {@code null}
 *     for one pool of {@code selector} (the simulation only)
 */
public record PipelineConfig(
    int frames,
    Spec selector,
    boolean rings,
    int pageSize,
    boolean fullPageWrites,
    int clients,
    ThinkTime think,
    PolicyFactory policy,
    CheckpointSettings checkpoints,
    BgWriterSettings bgwriter,
    long transactions,
    long durationNanos,
    double warmupFraction,
    long intervalNanos,
    long seed,
    FlushMode flushMode,
    PageCacheSettings pageCache,
    NamedPools pools) {

  /** Page classes every pipeline pool counts (the largest a pool allows). */
  public static final int PAGE_CLASSES = PoolConfig.MAX_PAGE_CLASSES;

  /** @throws IllegalArgumentException naming the setting of an impossible configuration */
  public PipelineConfig {
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(think, "think");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(flushMode, "flushMode");
    if (clients < 1 || clients > 100_000) throw new IllegalArgumentException("--clients must lie in 1..100000, got " + clients);
    if (frames < minimumFrames(clients)) {
      throw new IllegalArgumentException(
          "--frames " + frames + " is too small for " + clients + " clients: each client and the checkpointer can hold a "
              + "buffer at once (a page, or a victim being written), so the pool needs at least 2 x (clients + 1) = "
              + minimumFrames(clients) + " buffers");
    }
    if ((transactions > 0) == (durationNanos > 0)) {
      throw new IllegalArgumentException("give exactly one of --transactions and --seconds, positive");
    }
    if (!(warmupFraction >= 0 && warmupFraction < 1)) throw new IllegalArgumentException("--warmup must be in [0, 1)");
    if (intervalNanos <= 0) throw new IllegalArgumentException("--interval must be positive");
    if (pageSize < 512 || Integer.bitCount(pageSize) != 1) throw new IllegalArgumentException("page size must be a power of two >= 512");
    if (pools != null) pools.frames(frames, minimumFrames(clients));
  }

  /** A run of one pool (no {@code --pools}) with the given page cache, or none. */
  public PipelineConfig(
      int frames, Spec selector, boolean rings, int pageSize, boolean fullPageWrites, int clients,
      ThinkTime think, PolicyFactory policy, CheckpointSettings checkpoints, BgWriterSettings bgwriter,
      long transactions, long durationNanos, double warmupFraction, long intervalNanos, long seed, FlushMode flushMode,
      PageCacheSettings pageCache) {
    this(frames, selector, rings, pageSize, fullPageWrites, clients, think, policy, checkpoints, bgwriter,
        transactions, durationNanos, warmupFraction, intervalNanos, seed, flushMode, pageCache, null);
  }

  /**
   * This run with pools side by side; {@code selector} stays the label of the default pool's.
   *
   * @throws IllegalArgumentException naming a pool whose share leaves it fewer than {@link
   *     #minimumFrames} buffers (each client may hold a buffer of any one pool, and a victim)
   */
  public PipelineConfig withPools(NamedPools pools) {
    return new PipelineConfig(frames, selector, rings, pageSize, fullPageWrites, clients, think, policy, checkpoints, bgwriter,
        transactions, durationNanos, warmupFraction, intervalNanos, seed, flushMode, pageCache, pools);
  }

  /** The pools of the run: {@link #pools}, or one pool of {@link #selector} with every frame. */
  public NamedPools poolsOrOne() {
    return pools != null ? pools : NamedPools.single(selector);
  }

  /** The configuration of pool {@code k} of {@link #poolsOrOne}, of {@code frames} buffers. */
  public PoolConfig pool(int k, int poolFrames, WriteBackHook writeBack, Sharing sharing) {
    return PoolConfig.builder()
        .frames(poolFrames)
        .pageSize(pageSize)
        .storage(StorageMode.METADATA)
        .pageClasses(PAGE_CLASSES)
        .rings(rings)
        .selector(poolsOrOne().pools().get(k).selector())
        .writeBack(writeBack)
        .sharing(sharing)
        .build();
  }

  /** A run of one pool without a page cache (the direct model). */
  public PipelineConfig(
      int frames, Spec selector, boolean rings, int pageSize, boolean fullPageWrites, int clients,
      ThinkTime think, PolicyFactory policy, CheckpointSettings checkpoints, BgWriterSettings bgwriter,
      long transactions, long durationNanos, double warmupFraction, long intervalNanos, long seed, FlushMode flushMode) {
    this(frames, selector, rings, pageSize, fullPageWrites, clients, think, policy, checkpoints, bgwriter,
        transactions, durationNanos, warmupFraction, intervalNanos, seed, flushMode, (PageCacheSettings) null);
  }

  /** A run whose log has a dedicated flusher thread in real time ({@link FlushMode#FLUSHER}). */
  public PipelineConfig(
      int frames, Spec selector, boolean rings, int pageSize, boolean fullPageWrites, int clients,
      ThinkTime think, PolicyFactory policy, CheckpointSettings checkpoints, BgWriterSettings bgwriter,
      long transactions, long durationNanos, double warmupFraction, long intervalNanos, long seed) {
    this(frames, selector, rings, pageSize, fullPageWrites, clients, think, policy, checkpoints, bgwriter,
        transactions, durationNanos, warmupFraction, intervalNanos, seed, FlushMode.FLUSHER);
  }

  /**
   * The pool of a run: metadata only, every page class counted, the configured size, selector
   * and rings, writing back through {@code writeBack}.
   */
  public PoolConfig pool(WriteBackHook writeBack, Sharing sharing) {
    return PoolConfig.builder()
        .frames(frames)
        .pageSize(pageSize)
        .storage(StorageMode.METADATA)
        .pageClasses(PAGE_CLASSES)
        .rings(rings)
        .selector(selector)
        .writeBack(writeBack)
        .sharing(sharing)
        .build();
  }

  /** The smallest pool {@code clients} clients can run on. */
  public static int minimumFrames(int clients) {
    return 2 * (clients + 1);
  }

  /** Whether the run is bounded by a number of transactions (else by time). */
  public boolean byTransactions() {
    return transactions > 0;
  }
}
