package dev.bufmgr.wal.device;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A {@link PageCache} in front of a {@link SimDevice}, in virtual time: buffered writes cost the
 * copy; the flusher puts the pages whose writeback started on the device one at a time (the next
 * when the previous completes, so a log flush waits behind at most one writeback write, as the
 * flusher and the log's fsync share the device queue); {@code fsync} puts all of the file's dirty
 * pages on the device at once, then the device's flush, and completes when that does (the
 * checkpoint's sync spike); a read that misses the cache is a device read. The caller applies
 * {@link #advance} at {@link #nextEventAt} (its event loop).
 */
public final class SimPageCache {
  private final PageCache cache;
  private final SimDevice device;
  private final long readNanos;
  private final ArrayDeque<PageCache.Entry> inFlight = new ArrayDeque<>();
  private final ArrayDeque<long[]> doneAt = new ArrayDeque<>();
  private int flusherInFlight;

  /**
   * @param device the device the log's flushes share
   * @param start the run's start on the virtual clock
   */
  public SimPageCache(PageCacheSettings settings, int pageBytes, SimDevice device, long start) {
    this.cache = new PageCache(settings, pageBytes, start);
    this.device = device;
    this.readNanos = settings.readNanos();
  }

  /** A buffered write at {@code now}; returns when the writer may go on (after the copy). */
  public long write(long now, int file, long page, WriteSource source) {
    long cost = cache.write(now, file, page, source);
    pump(now);
    return now + cost;
  }

  /** A read that missed the pool, at {@code now}; returns when the page is in the pool. */
  public long read(long now, int file, long page) {
    if (cache.read(now, file, page)) return now + cache.settings().copyNanos();
    return device.submit(now, cache.pageBytes(), IoKind.READ, readNanos);
  }

  /**
   * {@code fsync} of {@code file} at {@code now}: its dirty pages and the device's flush are
   * queued on the device; returns when the flush completes.
   */
  public long fsync(long now, int file) {
    List<PageCache.Entry> forced = cache.fsync(file);
    for (PageCache.Entry e : forced) submit(now, e, false);
    return device.submit(now, 0, IoKind.DATA_SYNC);
  }

  /** The next time {@link #advance} has something to do. */
  public long nextEventAt() {
    long t = cache.nextTick();
    if (!doneAt.isEmpty()) t = Math.min(t, doneAt.peek()[0]);
    return t;
  }

  /** Completes the writes done by {@code now}, wakes the flusher when due, and puts waiting writeback on the device. */
  public void advance(long now) {
    while (!doneAt.isEmpty() && doneAt.peek()[0] <= now) {
      long[] d = doneAt.poll();
      if (d[1] == 1) flusherInFlight--;
      cache.written(inFlight.poll());
    }
    if (now >= cache.nextTick()) cache.tick(now);
    pump(now);
  }

  private void pump(long now) {
    while (flusherInFlight == 0 && cache.hasWriteback()) submit(now, cache.nextWriteback(), true);
  }

  private void submit(long now, PageCache.Entry e, boolean flusher) {
    long done = device.submit(now, cache.pageBytes(), IoKind.PAGE);
    inFlight.add(e);
    doneAt.add(new long[] {done, flusher ? 1 : 0});
    if (flusher) flusherInFlight++;
  }

  /** The cache's state and counters. */
  public PageCache cache() {
    return cache;
  }
}
