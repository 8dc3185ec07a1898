package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.StripePlacement;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.Spec;
import java.util.Objects;

/**
 * A validated buffer-pool configuration. Build one with {@link #builder()}; {@link
 * Builder#build()} refuses an impossible configuration with a message naming the setting.
 *
 * @param frames the number of buffers
 * @param pageSize bytes per page, a power of two in 512..1 MiB
 * @param storage page memory or metadata only
 * @param stripes descriptor stripes (one per NUMA node on a NUMA host)
 * @param padding distance between state words
 * @param mappingPartitions lock partitions of the mapping table, a power of two
 * @param pageClasses page classes counted in the metrics (classes 0..pageClasses-1)
 * @param rings whether bulk strategies use rings; when false they behave as NORMAL
 * @param selector the victim selector, by name and parameters
 * @param writeBack how dirty pages are written before their buffer is reused
 * @param pageLoader what a miss reads into its frame in page-memory mode
 * @param timeVictimSearch whether each victim search is timed (two clock reads per search)
 * @param sharing whether many threads use the pool or one thread through one session
 * @param placement who first touches each descriptor stripe and which stripe is a thread's home
 *     ({@link StripePlacement#DEFAULT} unless a benchmark places them)
 */
public record PoolConfig(
    int frames,
    int pageSize,
    StorageMode storage,
    int stripes,
    Padding padding,
    int mappingPartitions,
    int pageClasses,
    boolean rings,
    Spec selector,
    WriteBackHook writeBack,
    PageLoader pageLoader,
    boolean timeVictimSearch,
    Sharing sharing,
    StripePlacement placement) {

  /** The most buffers a pool may have. */
  public static final int MAX_FRAMES = 1 << 30;
  /** The most page classes counted. */
  public static final int MAX_PAGE_CLASSES = 64;

  public PoolConfig {
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(padding, "padding");
    Objects.requireNonNull(writeBack, "writeBack");
    Objects.requireNonNull(pageLoader, "pageLoader");
    Objects.requireNonNull(sharing, "sharing");
    Objects.requireNonNull(placement, "placement");
    if (frames < 1 || frames > MAX_FRAMES) {
      throw new IllegalArgumentException("frames must lie in 1.." + MAX_FRAMES + ", got " + frames);
    }
    if (pageSize < 512 || pageSize > (1 << 20) || Integer.bitCount(pageSize) != 1) {
      throw new IllegalArgumentException("page size must be a power of two in 512..1048576, got " + pageSize);
    }
    if (stripes < 1 || stripes > frames) {
      throw new IllegalArgumentException("stripes must lie in 1..frames (" + frames + "), got " + stripes);
    }
    if (mappingPartitions < 1 || mappingPartitions > (1 << 16) || Integer.bitCount(mappingPartitions) != 1) {
      throw new IllegalArgumentException(
          "mapping partitions must be a power of two in 1..65536, got " + mappingPartitions);
    }
    if (pageClasses < 1 || pageClasses > MAX_PAGE_CLASSES) {
      throw new IllegalArgumentException("page classes must lie in 1.." + MAX_PAGE_CLASSES + ", got " + pageClasses);
    }
    if (selector == null) {
      throw new IllegalArgumentException("a pool needs a victim selector; the core chooses none by name");
    }
  }

  /**
   * A builder with the defaults: 8 KiB pages, metadata only, 1 stripe, no padding, 128 partitions,
   * 8 classes, rings on, shared; the selector has no default and must be given.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** The ring size in buffers for a strategy in this pool (0 for NORMAL or with rings off). */
  public int ringBuffers(AccessStrategy strategy) {
    return rings ? strategy.ringBuffers(frames, pageSize) : 0;
  }

  /** Builds a {@link PoolConfig}. */
  public static final class Builder {
    private int frames = 1024;
    private int pageSize = 8192;
    private StorageMode storage = StorageMode.METADATA;
    private int stripes = 1;
    private Padding padding = Padding.NONE;
    private int mappingPartitions = 128;
    private int pageClasses = 8;
    private boolean rings = true;
    private Spec selector;
    private WriteBackHook writeBack = WriteBackHook.NONE;
    private PageLoader pageLoader = PageLoader.STAMP;
    private boolean timeVictimSearch;
    private Sharing sharing = Sharing.SHARED;
    private StripePlacement placement = StripePlacement.DEFAULT;

    private Builder() {}

    public Builder frames(int frames) {
      this.frames = frames;
      return this;
    }

    public Builder pageSize(int pageSize) {
      this.pageSize = pageSize;
      return this;
    }

    public Builder storage(StorageMode storage) {
      this.storage = storage;
      return this;
    }

    public Builder stripes(int stripes) {
      this.stripes = stripes;
      return this;
    }

    public Builder padding(Padding padding) {
      this.padding = padding;
      return this;
    }

    public Builder mappingPartitions(int mappingPartitions) {
      this.mappingPartitions = mappingPartitions;
      return this;
    }

    public Builder pageClasses(int pageClasses) {
      this.pageClasses = pageClasses;
      return this;
    }

    public Builder rings(boolean rings) {
      this.rings = rings;
      return this;
    }

    public Builder selector(Spec selector) {
      this.selector = selector;
      return this;
    }

    /** Shorthand for {@code selector(Spec.parse(spec))}. */
    public Builder selector(String spec) {
      return selector(Spec.parse("selector", spec));
    }

    public Builder writeBack(WriteBackHook writeBack) {
      this.writeBack = writeBack;
      return this;
    }

    /** What a miss reads in page-memory mode ({@link PageLoader#STAMP} by default). */
    public Builder pageLoader(PageLoader pageLoader) {
      this.pageLoader = pageLoader;
      return this;
    }

    public Builder timeVictimSearch(boolean timeVictimSearch) {
      this.timeVictimSearch = timeVictimSearch;
      return this;
    }

    /** {@link Sharing#EXCLUSIVE} for one thread with one session (exact replay); shared by default. */
    public Builder sharing(Sharing sharing) {
      this.sharing = sharing;
      return this;
    }

    /** Who first touches each descriptor stripe and which is a thread's home ({@link StripePlacement#DEFAULT} by default). */
    public Builder placement(StripePlacement placement) {
      this.placement = placement;
      return this;
    }

    /** Validates and returns the configuration. */
    public PoolConfig build() {
      return new PoolConfig(
          frames, pageSize, storage, stripes, padding, mappingPartitions, pageClasses, rings, selector,
          writeBack, pageLoader, timeVictimSearch, sharing, placement);
    }
  }
}
