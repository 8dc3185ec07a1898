package dev.bufmgr.wal.device;

import java.util.ArrayDeque;

/**
 * A {@link PageCache} in front of a {@link SimDevice}, in virtual time. Buffered writes cost the
 * copy. The cache's writes go to the device one request at a time (up to {@link
 * PageCacheSettings#batchBytes} of pages back to back), the next when the previous completes, so
 * a log flush waits behind at most one request (the block layer interleaves writeback with the
 * log's fsyncs; it does not put a whole file's writeback ahead of them): first the pages of
 * an {@code fsync} in progress, then its flush of the device, then the flusher's writeback. An
 * {@code fsync} of several files ({@link #fsync}) does them one after the other, each its pages
 * then a flush of the device, as {@code ProcessSyncRequests} calls {@code fsync} on each file in
 * turn; it completes when the last flush does ({@link #takeSyncDone}). A read
 * that misses the cache is a device read. The caller applies {@link #advance} at {@link
 * #nextEventAt} (its event loop).
 */
public final class SimPageCache {
  private final PageCache cache;
  private final SimDevice device;
  private final long readNanos;
  private final ArrayDeque<PageCache.Entry> syncQueue = new ArrayDeque<>();
  private final ArrayDeque<Integer> syncFiles = new ArrayDeque<>();
  private boolean syncPending;
  private boolean syncDone;
  private long inFlightDoneAt = Long.MAX_VALUE;
  private final java.util.List<PageCache.Entry> inFlight = new java.util.ArrayList<>();
  private final int batchPages;
  private boolean inFlightIsSync;

  /**
   * @param device the device the log's flushes share
   * @param start the run's start on the virtual clock
   */
  public SimPageCache(PageCacheSettings settings, int pageBytes, SimDevice device, long start) {
    this.cache = new PageCache(settings, pageBytes, start);
    this.device = device;
    this.readNanos = settings.readNanos();
    this.batchPages = (int) Math.max(1, Math.min(1 << 20, settings.batchBytes() / pageBytes));
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
   * Starts {@code fsync} of {@code file} at {@code now}: its dirty pages go to the device ahead
   * of other writeback, then the device's flush; {@link #takeSyncDone} says when it completed.
   *
   * @throws IllegalStateException when an fsync is in progress
   */
  public void fsync(long now, int file) {
    fsync(now, java.util.List.of(file));
  }

  /**
   * Starts {@code fsync} of each of {@code files} in turn at {@code now}: a file's dirty pages (as
   * they are when its turn comes) go to the device ahead of other writeback, then the device's
   * flush, then the next file; {@link #takeSyncDone} says when the last completed.
   *
   * @throws IllegalStateException when an fsync is in progress or {@code files} is empty
   */
  public void fsync(long now, java.util.List<Integer> files) {
    if (syncPending) throw new IllegalStateException("an fsync is in progress");
    if (files.isEmpty()) throw new IllegalStateException("no file to fsync");
    syncFiles.addAll(files);
    syncQueue.addAll(cache.fsync(syncFiles.poll()));
    syncPending = true;
    pump(now);
  }

  /** Whether the fsync completed at the last {@link #advance}; clears it. */
  public boolean takeSyncDone() {
    boolean d = syncDone;
    syncDone = false;
    return d;
  }

  /** The next time {@link #advance} has something to do. */
  public long nextEventAt() {
    return Math.min(cache.nextTick(), inFlightDoneAt);
  }

  /** Completes the write done by {@code now}, wakes the flusher when due, and puts the next write on the device. */
  public void advance(long now) {
    if (inFlightDoneAt <= now) {
      inFlightDoneAt = Long.MAX_VALUE;
      if (inFlightIsSync && !syncFiles.isEmpty()) {
        syncQueue.addAll(cache.fsync(syncFiles.poll()));
      } else if (inFlightIsSync) {
        syncPending = false;
        syncDone = true;
      } else {
        for (PageCache.Entry e : inFlight) cache.written(e);
      }
      inFlight.clear();
    }
    if (now >= cache.nextTick()) cache.tick(now);
    pump(now);
  }

  private void pump(long now) {
    if (inFlightDoneAt != Long.MAX_VALUE) return;
    inFlightIsSync = false;
    if (!syncQueue.isEmpty()) {
      while (inFlight.size() < batchPages && !syncQueue.isEmpty()) inFlight.add(syncQueue.poll());
    } else if (syncPending) {
      inFlightIsSync = true;
      inFlightDoneAt = device.submit(now, 0, IoKind.DATA_SYNC);
      return;
    } else {
      while (inFlight.size() < batchPages && cache.hasWriteback()) inFlight.add(cache.nextWriteback());
      if (inFlight.isEmpty()) return;
    }
    for (int i = 0; i < inFlight.size(); i++) inFlightDoneAt = device.submit(now, cache.pageBytes(), IoKind.PAGE);
  }

  /** The cache's state and counters. */
  public PageCache cache() {
    return cache;
  }
}
