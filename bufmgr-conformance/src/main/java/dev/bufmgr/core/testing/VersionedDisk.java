package dev.bufmgr.core.testing;

import dev.bufmgr.core.pool.PageLoader;
import dev.bufmgr.core.pool.WriteBackHook;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A test disk behind a page-memory pool: pages carry contents, and the disk keeps the last
 * version written of each. A frame holds, as 8-byte words, the page id at {@link #ID} (and in
 * its last 8 bytes: the pool's stamp), the page's {@link #VERSION} (raised by its writer) and its
 * {@link #INCARNATION} (the disk's count of loads of that page, so a reload under a held pin
 * shows). A write-back of a frame that holds another page, or that takes the disk's version
 * backwards, is a problem; problems are collected, not thrown, so a writing thread never dies
 * inside the pool.
 */
public final class VersionedDisk implements WriteBackHook, PageLoader {
  /** Offset of the page id. */
  public static final long ID = 0;
  /** Offset of the version. */
  public static final long VERSION = 8;
  /** Offset of the incarnation. */
  public static final long INCARNATION = 16;

  private final long writeNanos;
  private final AtomicLongArray versions;
  private final AtomicLongArray loads;
  private final AtomicLong writes = new AtomicLong();
  private final Queue<String> problems = new ConcurrentLinkedQueue<>();

  /** A disk of pages {@code 0..pages-1}, every one at version 0, whose writes take no time. */
  public VersionedDisk(int pages) {
    this(pages, 0);
  }

  /**
   * A disk of pages {@code 0..pages-1} whose every write holds its caller for {@code
   * writeNanos} after it has read the frame (a device's write time, during which other threads
   * may pin and change the page: the window JUST_DIRTIED exists for).
   */
  public VersionedDisk(int pages, long writeNanos) {
    this.writeNanos = writeNanos;
    versions = new AtomicLongArray(pages);
    loads = new AtomicLongArray(pages);
  }

  @Override
  public void load(long page, MemorySegment frame) {
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, ID, page);
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, VERSION, versions.get((int) page));
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, INCARNATION, loads.incrementAndGet((int) page));
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, frame.byteSize() - Long.BYTES, page);
  }

  @Override
  public boolean needsWalFlush(long pageLsn) {
    return false;
  }

  @Override
  public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
    writes.incrementAndGet();
    long id = frame.get(ValueLayout.JAVA_LONG_UNALIGNED, ID);
    if (id != page || frame.get(ValueLayout.JAVA_LONG_UNALIGNED, frame.byteSize() - Long.BYTES) != page) {
      problems.add("buffer " + buffer + " written for page " + page + " holds the bytes of page " + id);
      return;
    }
    long v = frame.get(ValueLayout.JAVA_LONG_UNALIGNED, VERSION);
    for (long until = System.nanoTime() + writeNanos; System.nanoTime() < until; ) Thread.onSpinWait();
    long before = versions.getAndSet((int) page, v);
    if (v < before) problems.add("page " + page + " written at version " + v + " over version " + before + " (a lost update)");
  }

  /** The version on disk of {@code page}. */
  public long version(long page) {
    return versions.get((int) page);
  }

  /** Write-backs so far. */
  public long writes() {
    return writes.get();
  }

  /** Loads so far of {@code page}. */
  public long loads(long page) {
    return loads.get((int) page);
  }

  /** The problems seen so far. */
  public Queue<String> problems() {
    return problems;
  }
}
