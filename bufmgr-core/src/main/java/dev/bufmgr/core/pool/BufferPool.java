package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.metrics.SessionMetrics;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A buffer pool: N buffers with their descriptors, a mapping from page id to buffer, a free list,
 * and a victim selector found by name in the {@link SelectorRegistry}. Threads use it through
 * {@link PoolSession}s, one per thread. Its {@link Sharing} decides the layout: a shared pool has
 * striped off-heap descriptors and a partitioned, locked mapping and serves any number of
 * threads; an exclusive one has packed on-heap descriptors and one unlocked mapping partition and
 * belongs to the thread of its first session.
 *
 * <p>The pool knows no concrete selector; it tells the selector about misses, admissions and
 * evictions and asks it for victims (see {@link VictimSelector} for the contract).
 */
public final class BufferPool implements AutoCloseable {
  final PoolConfig config;
  final Descriptors descriptors;
  final MappingTable mapping;
  final FreeList freeList;
  final VictimSelector selector;
  /** Whether sessions tell the selector of every hit ({@link SelectorFactory.Requirement#HIT_NOTIFICATION}). */
  final boolean notifiesHits;
  final PageMemory pages;
  private final String selectorName;
  private final List<SessionMetrics> sessionMetrics = new CopyOnWriteArrayList<>();
  /** The thread an exclusive pool belongs to, set by its first session. */
  private Thread owner;

  /** Builds a pool whose selector comes from the registry of the class path. */
  public BufferPool(PoolConfig config) {
    this(config, SelectorRegistry.load());
  }

  /**
   * Builds a pool whose selector comes from {@code registry}.
   *
   * @throws IllegalArgumentException for an unknown selector or a bad parameter
   */
  public BufferPool(PoolConfig config, SelectorRegistry registry) {
    this.config = config;
    this.selectorName = registry.validate(config.selector()).canonicalName();
    Set<SelectorFactory.Requirement> needs = registry.find(config.selector().name()).requirements();
    boolean selectorWords = needs.contains(SelectorFactory.Requirement.BUFFER_WORD);
    this.notifiesHits = needs.contains(SelectorFactory.Requirement.HIT_NOTIFICATION);
    this.descriptors =
        Descriptors.allocate(
            config.frames(), config.stripes(), config.padding(), config.sharing(), selectorWords, config.placement());
    try {
      this.mapping = new MappingTable(config.frames(), config.mappingPartitions(), descriptors);
      this.freeList = new FreeList(config.frames());
      this.selector = registry.create(config.selector(), descriptors);
      this.pages = config.storage() == StorageMode.PAGE_MEMORY ? new PageMemory(config.frames(), config.pageSize()) : null;
    } catch (RuntimeException | Error e) {
      descriptors.close();
      throw e;
    }
  }

  /**
   * Opens a session for the calling thread. An {@link Sharing#EXCLUSIVE} pool belongs to the
   * thread that opens its first session: it may open more sessions (one per simulated client of a
   * single-threaded simulation), every one used by that thread only.
   *
   * @throws IllegalStateException for a session of an exclusive pool on another thread
   */
  public PoolSession openSession() {
    if (config.sharing() == Sharing.EXCLUSIVE) {
      Thread me = Thread.currentThread();
      if (owner == null) owner = me;
      else if (owner != me) {
        throw new IllegalStateException(
            "an exclusive pool belongs to the thread that opened its first session (" + owner.getName() + ")");
      }
    }
    SessionMetrics m = new SessionMetrics(config.pageClasses());
    sessionMetrics.add(m);
    return new PoolSession(this, m);
  }

  /**
   * Buffers allocated so far, as PostgreSQL's {@code numBufferAllocs} counts them: the misses of
   * every session but those a ring served ({@code StrategyGetBuffer} returns a ring's buffer
   * before it counts: "buffers recycled by a strategy object are intentionally not counted").
   * Cheap; a moment old while sessions run.
   */
  public long allocations() {
    long n = 0;
    for (SessionMetrics m : sessionMetrics) n += m.misses() - m.ringReuses();
    return n;
  }

  /** The counters of every session opened so far, merged. */
  public PoolMetrics metrics() {
    return PoolMetrics.merge(sessionMetrics, config.pageClasses());
  }

  /** The configuration. */
  public PoolConfig config() {
    return config;
  }

  /** The number of buffers. */
  public int frames() {
    return config.frames();
  }

  /** The selector's name with all its parameters, e.g. {@code gclock:maxUsage=5,batch=1,hand=global}. */
  public String selectorName() {
    return selectorName;
  }

  /** The selector's view for a background cleaner, or {@code null} when it offers none. */
  public CleaningView cleaningView() {
    return selector.cleaningView();
  }

  /** The selector's own counts ({@link VictimSelector#counters()}), for result rows. */
  public Map<String, Long> selectorCounters() {
    return selector.counters();
  }

  /**
   * The descriptors (for invariant checks and tests; state changes go through {@link
   * dev.bufmgr.core.buffer.BufferTransitions}).
   */
  public Descriptors descriptors() {
    return descriptors;
  }

  /** The buffer currently mapped to {@code page}, or -1 (a snapshot; it may change at once). */
  public int bufferOf(long page) {
    return mapping.lookup(page);
  }

  /** The number of pages mapped; exact only when no thread is using the pool. */
  public int residentPages() {
    return mapping.size();
  }

  /** The frame of buffer {@code b} in page-memory mode; {@code null} in metadata mode. */
  public MemorySegment frame(int b) {
    return pages == null ? null : pages.frame(b);
  }

  /** The memory held by descriptors, mapping and pages. */
  public MemoryFootprint footprint() {
    return new MemoryFootprint(
        config.frames(), descriptors.bytes(), mapping.bytes(), pages == null ? 0 : pages.bytes());
  }

  /** Frees the off-heap memory; no session may be used afterwards. */
  @Override
  public void close() {
    if (pages != null) pages.close();
    descriptors.close();
  }
}
