package dev.bufmgr.wal.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A {@link PageCache} in front of an {@link EmulatedDevice}, in real time, by the rules of {@link
 * SimPageCache}: a page write costs its caller the copy (spun, as a copy takes the CPU) and marks
 * the page dirty; a flusher thread wakes every writeback interval, or when writeback is started,
 * and puts the pages whose writeback started on the device one request ({@link
 * PageCacheSettings#batchBytes}) at a time; {@link #syncData} writes the data file's dirty pages
 * a request at a time, then flushes the device (a log flush waits behind at most one request,
 * and the fsync behind whatever the flusher has in flight); a read that misses the cache waits for a device read. Log writes go to the device
 * directly.
 *
 * <p>Threading: any number of threads; the cache is guarded by this object's monitor. A failure
 * of the flusher thread is thrown, as an {@link IOException}, by the next call.
 */
public final class CachedDevice implements Device {
  /** The one data file's number in the cache. */
  public static final int DATA_FILE = 0;

  private final EmulatedDevice device;
  private final PageCache cache;
  private final long readNanos;
  private final int batchPages;
  private final Thread flusher;
  private volatile boolean closed;
  private volatile Throwable failure;

  /** @param device the emulated device the log's writes and the writeback share */
  public CachedDevice(EmulatedDevice device, PageCacheSettings settings, int pageBytes) {
    this.device = device;
    this.cache = new PageCache(settings, pageBytes, System.nanoTime());
    this.readNanos = settings.readNanos();
    this.batchPages = (int) Math.max(1, Math.min(1 << 20, settings.batchBytes() / pageBytes));
    this.flusher = Thread.ofPlatform().name("page-cache-flusher").daemon().unstarted(this::flush);
    flusher.start();
  }

  @Override
  public void writeLog(long position, ByteBuffer data) throws IOException {
    device.writeLog(position, data);
  }

  @Override
  public void writePage(long page, ByteBuffer data) throws IOException {
    writePage(page, data, WriteSource.BACKEND);
  }

  @Override
  public void writePage(long page, ByteBuffer data, WriteSource source) throws IOException {
    checkFlusher();
    long cost;
    synchronized (this) {
      cost = cache.write(System.nanoTime(), DATA_FILE, page, source);
      if (cache.hasWriteback()) notifyAll();
    }
    long until = System.nanoTime() + cost;
    while (System.nanoTime() < until) Thread.onSpinWait();
  }

  @Override
  public void readPage(long page) throws IOException {
    checkFlusher();
    boolean hit;
    synchronized (this) {
      hit = cache.read(System.nanoTime(), DATA_FILE, page);
    }
    if (!hit) EmulatedDevice.sleepUntil(device.reserve(cache.pageBytes(), IoKind.READ, readNanos));
  }

  @Override
  public void syncData() throws IOException {
    checkFlusher();
    List<PageCache.Entry> forced;
    synchronized (this) {
      forced = cache.fsync(DATA_FILE);
    }
    for (int i = 0; i < forced.size(); i += batchPages) {
      int to = Math.min(forced.size(), i + batchPages);
      long end = 0;
      for (int k = i; k < to; k++) end = device.reserve(cache.pageBytes(), IoKind.PAGE, -1);
      EmulatedDevice.sleepUntil(end);
      synchronized (this) {
        for (int k = i; k < to; k++) cache.written(forced.get(k));
      }
    }
    EmulatedDevice.sleepUntil(device.reserve(0, IoKind.DATA_SYNC, -1));
  }

  private void flush() {
    try {
      while (!closed) {
        List<PageCache.Entry> next = new java.util.ArrayList<>();
        long end = 0;
        synchronized (this) {
          long now = System.nanoTime();
          if (now >= cache.nextTick()) cache.tick(now);
          while (next.size() < batchPages && cache.hasWriteback()) next.add(cache.nextWriteback());
          if (next.isEmpty()) {
            long wait = cache.nextTick() - now;
            if (wait > 0) wait(Math.max(1, wait / 1_000_000), (int) (wait % 1_000_000));
            continue;
          }
          for (int i = 0; i < next.size(); i++) end = device.reserve(cache.pageBytes(), IoKind.PAGE, -1);
        }
        EmulatedDevice.sleepUntil(end);
        synchronized (this) {
          for (PageCache.Entry e : next) cache.written(e);
        }
      }
    } catch (InterruptedException e) {
      if (!closed) failure = e;
    } catch (RuntimeException | Error e) {
      failure = e;
    }
  }

  private void checkFlusher() throws IOException {
    Throwable f = failure;
    if (f != null) throw new IOException("the page cache's flusher thread failed: " + f, f);
  }

  /** The cache's dirty bytes now. */
  public synchronized long dirtyBytes() {
    return cache.dirtyBytes();
  }

  /** Pages written back so far. */
  public synchronized long writebackPages() {
    return cache.writebackPages();
  }

  /** The emulated device under the cache. */
  public EmulatedDevice device() {
    return device;
  }

  @Override
  public long busyNanos() {
    return device.busyNanos();
  }

  @Override
  public long busyNanos(IoKind kind) {
    return device.busyNanos(kind);
  }

  @Override
  public String spec() {
    return device.spec();
  }

  @Override
  public void close() throws IOException {
    closeCache();
    device.close();
  }

  /**
   * Stops the flusher thread, leaving the device under the cache open (its opener closes it).
   *
   * @throws IOException when the flusher failed
   */
  public void closeCache() throws IOException {
    closed = true;
    synchronized (this) {
      notifyAll();
    }
    try {
      flusher.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    checkFlusher();
  }
}
