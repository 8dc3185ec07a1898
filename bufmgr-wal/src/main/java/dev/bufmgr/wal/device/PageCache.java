package dev.bufmgr.wal.device;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The operating system's page cache as the data file sees it, on no clock of its own: the caller
 * passes the time. A buffered write ({@code pwrite} of a page) copies the page into the cache and
 * marks it dirty; its writeback to the device is started, as Linux starts it
 * (Documentation/admin-guide/sysctl/vm.rst; mm/page-writeback.c, fs/fs-writeback.c):
 *
 * <ul>
 *   <li>by the flusher, woken every {@code dirty_writeback_centisecs} ({@link #tick}), for every
 *       dirty page of a file whose dirtiness is older than {@code dirty_expire_centisecs}: the
 *       kernel ages an inode, not a page ({@code dirtied_when}, set when the inode goes from
 *       clean to dirty), and writes back all of an expired inode's dirty pages
 *       ({@code wb_writeback} for kupdate). The age restarts with that writeback: an inode
 *       dirtied again during it is put back on the dirty list by {@code requeue_inode} through
 *       {@code redirty_tail_locked}, which stamps {@code dirtied_when} with the present time when
 *       another inode on the list was dirtied more recently (on a database's machine always: its
 *       log, its other files); an inode that went clean is stamped by the next dirtying ({@code
 *       __mark_inode_dirty}). So a file written without pause is written back about once an
 *       expiry age, not at every wake-up;
 *   <li>at once when the dirty bytes exceed {@code dirty_background_bytes} (a write wakes the
 *       flusher, {@code balance_dirty_pages}), oldest first, until they no longer do;
 *   <li>after a writer has written its {@code *_flush_after} bytes: PostgreSQL then calls {@code
 *       sync_file_range(SYNC_FILE_RANGE_WRITE)} on them ({@code IssuePendingWritebacks}), which
 *       starts the writeback of those still dirty;
 *   <li>by {@code fsync} of a file ({@link #fsync}), for every dirty page of that file, which the
 *       caller then waits for.
 * </ul>
 *
 * The cache also keeps, as PostgreSQL's checkpointer does, the files written since the last
 * checkpoint's sync phase began ({@link #takeSyncRequests}): {@code mdwrite} registers a sync
 * request for the segment it wrote ({@code register_dirty_segment}, md.c) and {@code
 * ProcessSyncRequests} (sync.c) fsyncs each such file once.
 *
 * Pages whose writeback started wait in a queue ({@link #nextWriteback}) for the caller to put on
 * the device; {@link #written} says one reached it. A page written again while its writeback is in
 * flight stays dirty afterwards. A read ({@link #read}) hits a cached page; a miss loads it,
 * pushing out the least recently used clean page. Not modelled: {@code dirty_bytes} (writers
 * throttled in {@code balance_dirty_pages}), the write-back chunking of {@code
 * MAX_WRITEBACK_PAGES}, and the device's own parallelism.
 *
 * <p>Not thread-safe: the real-time device ({@link CachedDevice}) locks around it.
 */
public final class PageCache {
  private final PageCacheSettings settings;
  private final int pageBytes;
  private final long capacityPages;
  private final LinkedHashMap<Key, Entry> pages = new LinkedHashMap<>(1024, 0.75f, true);
  private final LinkedHashSet<Entry> dirty = new LinkedHashSet<>();
  private final ArrayDeque<Entry> queued = new ArrayDeque<>();
  private final List<List<Entry>> pendingBySource = new ArrayList<>();
  private long nextTick;
  private long dirtyPages;
  private long hits;
  private long misses;
  private long writebackPages;
  private final long[] writesBySource = new long[WriteSource.values().length];
  /** Per file: its dirty pages not under writeback, its pages under writeback, and when it last went from clean to dirty ({@code dirtied_when}). */
  private final Map<Integer, long[]> files = new java.util.HashMap<>();
  private final java.util.TreeSet<Integer> syncRequests = new java.util.TreeSet<>();

  /** A page of a file. */
  public record Key(int file, long page) {}

  /** A cached page. */
  public static final class Entry {
    final Key key;
    boolean dirty;
    boolean writing;
    boolean redirtied;
    long dirtiedAt;

    Entry(Key key) {
      this.key = key;
    }

    /** The page's file and number. */
    public Key key() {
      return key;
    }
  }

  /**
   * @param pageBytes bytes per page
   * @param start the time of the cache's start on its caller's clock (the flusher's first wake-up
   *     is one writeback interval later)
   */
  public PageCache(PageCacheSettings settings, int pageBytes, long start) {
    this.settings = settings;
    this.pageBytes = pageBytes;
    this.capacityPages = Math.max(1, settings.sizeBytes() / pageBytes);
    this.nextTick = start + settings.writebackNanos();
    for (int i = 0; i < WriteSource.values().length; i++) pendingBySource.add(new ArrayList<>());
  }

  /**
   * A buffered write of {@code page} of {@code file} by {@code source} at {@code now}.
   *
   * @return the writer's cost, the copy into the cache
   */
  public long write(long now, int file, long page, WriteSource source) {
    Entry e = entry(new Key(file, page));
    if (e.writing) {
      if (!e.redirtied) e.dirtiedAt = now;
      e.redirtied = true;
    } else if (!e.dirty) {
      e.dirty = true;
      e.dirtiedAt = now;
      dirty.add(e);
      dirtyPages++;
      fileDirtied(e.key.file(), now);
    }
    writesBySource[source.ordinal()]++;
    syncRequests.add(file);
    long after = settings.flushAfter(source);
    if (after > 0) {
      List<Entry> pending = pendingBySource.get(source.ordinal());
      pending.add(e);
      if ((long) pending.size() * pageBytes >= after) {
        for (Entry p : pending) startWriteback(p);
        pending.clear();
      }
    }
    overBackground();
    return settings.copyNanos();
  }

  /**
   * A read of {@code page} of {@code file} that missed the buffer pool.
   *
   * @return whether the cache held it (else the caller pays a device read; the page is cached
   *     now)
   */
  public boolean read(long now, int file, long page) {
    Key k = new Key(file, page);
    if (pages.get(k) != null) {
      hits++;
      return true;
    }
    boolean room = pages.size() < capacityPages;
    entry(k);
    if (settings.prewarm() && room) {
      hits++;
      return true;
    }
    misses++;
    return false;
  }

  /** When the flusher next wakes. */
  public long nextTick() {
    return nextTick;
  }

  /**
   * The flusher's wake-up at {@code now} (at or after {@link #nextTick}): starts the writeback of
   * every page dirty for at least the expiry age, then of the oldest while the dirty bytes exceed
   * the background threshold.
   */
  public void tick(long now) {
    long expired = now - settings.expireNanos();
    List<Entry> old = new ArrayList<>();
    for (Entry e : dirty) {
      long[] f = files.get(e.key.file());
      if (f[1] <= expired) old.add(e);
    }
    for (Entry e : old) {
      startWriteback(e);
      files.get(e.key.file())[1] = now;
    }
    overBackground();
    while (nextTick <= now) nextTick += settings.writebackNanos();
  }

  /**
   * {@code fsync} of {@code file}: starts the writeback of its dirty pages and takes them, with
   * those of its pages already queued, out of the queue for the caller to put on the device now
   * and wait for (with any of its pages in flight) before the device's flush.
   */
  public List<Entry> fsync(int file) {
    List<Entry> forced = new ArrayList<>();
    for (Iterator<Entry> it = queued.iterator(); it.hasNext(); ) {
      Entry e = it.next();
      if (e.key.file() == file) {
        forced.add(e);
        it.remove();
      }
    }
    List<Entry> mine = new ArrayList<>();
    for (Entry e : dirty) if (e.key.file() == file) mine.add(e);
    for (Entry e : mine) {
      markWriting(e);
      forced.add(e);
    }
    return forced;
  }

  /**
   * The files written since the last call, in file order, and forgets them: what {@code
   * ProcessSyncRequests} fsyncs at a checkpoint (requests registered later wait for the next).
   */
  public List<Integer> takeSyncRequests() {
    List<Integer> f = new ArrayList<>(syncRequests);
    syncRequests.clear();
    return f;
  }

  /** The next page whose writeback started, to put on the device, or {@code null} when none waits. */
  public Entry nextWriteback() {
    return queued.poll();
  }

  /** Whether a page waits for the device. */
  public boolean hasWriteback() {
    return !queued.isEmpty();
  }

  /** The writeback of {@code e} reached the device: clean unless written again meanwhile. */
  public void written(Entry e) {
    e.writing = false;
    writebackPages++;
    long[] f = files.get(e.key.file());
    if (e.redirtied) {
      e.redirtied = false;
      e.dirty = true;
      dirty.add(e);
      dirtyPages++;
      f[0]++;
      f[2]--;
    } else {
      f[2]--;
      e.dirty = false;
    }
  }

  /** Bytes dirty and not yet under writeback ({@code /proc/meminfo} Dirty). */
  public long dirtyBytes() {
    return dirtyPages * pageBytes;
  }

  /** Pages whose writeback reached the device so far ({@code pg_stat_io} writebacks, {@code nr_written}). */
  public long writebackPages() {
    return writebackPages;
  }

  /** Reads the cache held. */
  public long hits() {
    return hits;
  }

  /** Reads that cost a device read. */
  public long misses() {
    return misses;
  }

  /** Buffered writes by {@code source} so far. */
  public long writes(WriteSource source) {
    return writesBySource[source.ordinal()];
  }

  /** Bytes per page. */
  public int pageBytes() {
    return pageBytes;
  }

  /** The settings. */
  public PageCacheSettings settings() {
    return settings;
  }

  private void overBackground() {
    while (dirtyPages * pageBytes > settings.backgroundBytes()) startWriteback(dirty.getFirst());
  }

  private void startWriteback(Entry e) {
    if (!e.dirty || e.writing) return;
    markWriting(e);
    queued.add(e);
  }

  private void fileDirtied(int file, long at) {
    long[] f = files.computeIfAbsent(file, k -> new long[3]);
    if (f[0]++ == 0 && f[2] == 0) f[1] = at;
  }

  private void markWriting(Entry e) {
    dirty.remove(e);
    dirtyPages--;
    long[] f = files.get(e.key.file());
    f[0]--;
    f[2]++;
    e.dirty = false;
    e.writing = true;
  }

  /** The page's entry, cached now (pushing out the least recently used clean page when full). */
  private Entry entry(Key k) {
    Entry e = pages.get(k);
    if (e != null) return e;
    if (pages.size() >= capacityPages) {
      for (Iterator<Map.Entry<Key, Entry>> it = pages.entrySet().iterator(); it.hasNext(); ) {
        Entry v = it.next().getValue();
        if (!v.dirty && !v.writing) {
          it.remove();
          break;
        }
      }
    }
    e = new Entry(k);
    pages.put(k, e);
    return e;
  }
}
