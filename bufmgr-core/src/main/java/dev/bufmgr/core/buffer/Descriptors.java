package dev.bufmgr.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The buffer descriptors in striped off-heap arrays: per buffer a 64-bit state word (see {@link
 * BufferState}), the tag (the page id it holds) and the page LSN. The pool's N buffers are split
 * into S contiguous stripes; with more than one stripe each stripe's arrays are allocated, and
 * so first touched, by a thread of its own, so that on a NUMA host whose threads the OS spreads
 * over the nodes the memory is spread too (one stripe is allocated by the calling thread).
 *
 * <p>Each buffer's three words lie together in one record (state at +0, tag at +8, LSN at +16),
 * so a hit that reads the state word and then the tag touches one cache line. Records are 24
 * bytes apart unpadded, or one or two cache lines apart when padded (see {@link Padding}), in
 * which case the padding holds the same buffer's tag and LSN.
 *
 * <p>Threading ({@link Sharing#SHARED}): every method may be called by any thread at any time.
 * State words are read with volatile semantics and changed by compare-and-set or atomic add; the
 * tag is published with release semantics before TAG_VALID is set, and read after a pin (a full
 * fence). {@link Sharing#EXCLUSIVE} descriptors belong to one thread: the same methods, with the
 * same results, use plain loads and stores.
 */
public final class Descriptors implements AutoCloseable {
  private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
  private static final long RECORD_BYTES = 24;
  private static final long TAG_OFFSET = 8;
  private static final long LSN_OFFSET = 16;

  private final int frames;
  private final int stripeSize;
  private final int stripeCount;
  private final long recordStride;
  private final Padding padding;
  private final boolean exclusive;
  private final Arena arena;
  private final MemorySegment[] records;

  /** Allocates zeroed {@link Sharing#SHARED} descriptors (see the four-argument constructor). */
  public Descriptors(int frames, int stripes, Padding padding) {
    this(frames, stripes, padding, Sharing.SHARED);
  }

  /**
   * Allocates zeroed descriptors: every buffer unpinned, no usage, no flags.
   *
   * @param frames the number of buffers, at least 1
   * @param stripes the number of stripes, 1..frames
   * @param padding the distance between state words
   * @param sharing whether many threads or one use them
   */
  public Descriptors(int frames, int stripes, Padding padding, Sharing sharing) {
    if (frames < 1) throw new IllegalArgumentException("frames must be at least 1, got " + frames);
    if (stripes < 1 || stripes > frames) {
      throw new IllegalArgumentException("stripes must lie in 1.." + frames + ", got " + stripes);
    }
    this.frames = frames;
    this.stripeCount = stripes;
    this.stripeSize = (frames + stripes - 1) / stripes;
    this.padding = padding;
    this.exclusive = sharing == Sharing.EXCLUSIVE;
    this.recordStride = Math.max(RECORD_BYTES, padding.stride());
    this.arena = Arena.ofShared();
    this.records = new MemorySegment[stripes];
    allocateStripes();
  }

  private void allocateStripes() {
    if (stripeCount == 1) {
      allocateStripe(0);
      return;
    }
    Thread[] allocators = new Thread[stripeCount];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int s = 0; s < stripeCount; s++) {
      final int stripe = s;
      allocators[s] =
          Thread.ofPlatform()
              .name("descriptor-stripe-" + s)
              .unstarted(
                  () -> {
                    try {
                      allocateStripe(stripe);
                    } catch (Throwable t) {
                      failure.compareAndSet(null, t);
                    }
                  });
      allocators[s].start();
    }
    for (Thread t : allocators) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while allocating descriptor stripes", e);
      }
    }
    if (failure.get() != null) {
      arena.close();
      throw new IllegalStateException("cannot allocate descriptor stripes: " + failure.get(), failure.get());
    }
  }

  /** Allocates (and so first touches, zeroing) one stripe's arrays on the calling thread. */
  private void allocateStripe(int stripe) {
    long n = stripeEnd(stripe) - stripeStart(stripe);
    records[stripe] = arena.allocate(n * recordStride, 128);
  }

  /** The number of buffers. */
  public int frames() {
    return frames;
  }

  /** The number of stripes. */
  public int stripes() {
    return stripeCount;
  }

  /** The stripe that holds buffer {@code b}. */
  public int stripeOf(int b) {
    return b / stripeSize;
  }

  /** The first buffer of stripe {@code s}. */
  public int stripeStart(int s) {
    return s * stripeSize;
  }

  /** One past the last buffer of stripe {@code s}. */
  public int stripeEnd(int s) {
    return Math.min(frames, (s + 1) * stripeSize);
  }

  /** Whether many threads or one use these descriptors. */
  public Sharing sharing() {
    return exclusive ? Sharing.EXCLUSIVE : Sharing.SHARED;
  }

  /** The padding of the state words. */
  public Padding padding() {
    return padding;
  }

  /** The state word of buffer {@code b}, read with volatile semantics. */
  public long state(int b) {
    int s = stripeIndex(b);
    long off = (b - s * stripeSize) * recordStride;
    return exclusive ? (long) LONG.get(records[s], off) : (long) LONG.getVolatile(records[s], off);
  }

  /** Atomically replaces the state word of {@code b} if it still equals {@code expected}. */
  public boolean compareAndSetState(int b, long expected, long update) {
    int s = stripeIndex(b);
    MemorySegment seg = records[s];
    long off = (b - s * stripeSize) * recordStride;
    if (!exclusive) return LONG.compareAndSet(seg, off, expected, update);
    if ((long) LONG.get(seg, off) != expected) return false;
    LONG.set(seg, off, update);
    return true;
  }

  /** Atomically adds {@code delta} to the state word of {@code b}; returns the previous word. */
  public long getAndAddState(int b, long delta) {
    int s = stripeIndex(b);
    MemorySegment seg = records[s];
    long off = (b - s * stripeSize) * recordStride;
    if (!exclusive) return (long) LONG.getAndAdd(seg, off, delta);
    long before = (long) LONG.get(seg, off);
    LONG.set(seg, off, before + delta);
    return before;
  }

  /** The page id in buffer {@code b}'s tag (meaningful only while TAG_VALID is set). */
  public long tag(int b) {
    int s = stripeIndex(b);
    long off = (b - s * stripeSize) * recordStride + TAG_OFFSET;
    return exclusive ? (long) LONG.get(records[s], off) : (long) LONG.getAcquire(records[s], off);
  }

  /** Sets the tag; only the thread that cleared TAG_VALID while holding the only pin may call it. */
  public void setTag(int b, long page) {
    int s = stripeIndex(b);
    long off = (b - s * stripeSize) * recordStride + TAG_OFFSET;
    if (exclusive) LONG.set(records[s], off, page);
    else LONG.setRelease(records[s], off, page);
  }

  /** The LSN of the last logged change to the page in buffer {@code b} (0 when none). */
  public long lsn(int b) {
    int s = stripeIndex(b);
    long off = (b - s * stripeSize) * recordStride + LSN_OFFSET;
    return exclusive ? (long) LONG.get(records[s], off) : (long) LONG.getVolatile(records[s], off);
  }

  /** Raises the page LSN of {@code b} to at least {@code lsn} (a concurrent raise never lowers it). */
  public void raiseLsn(int b, long lsn) {
    int s = stripeIndex(b);
    MemorySegment seg = records[s];
    long off = (b - s * stripeSize) * recordStride + LSN_OFFSET;
    if (exclusive) {
      if ((long) LONG.get(seg, off) < lsn) LONG.set(seg, off, lsn);
      return;
    }
    long cur = (long) LONG.getVolatile(seg, off);
    while (cur < lsn && !LONG.compareAndSet(seg, off, cur, lsn)) {
      cur = (long) LONG.getVolatile(seg, off);
    }
  }

  /** Resets the page LSN of {@code b}; only while TAG_VALID is clear under the only pin. */
  public void resetLsn(int b) {
    int s = stripeIndex(b);
    long off = (b - s * stripeSize) * recordStride + LSN_OFFSET;
    if (exclusive) LONG.set(records[s], off, 0L);
    else LONG.setRelease(records[s], off, 0L);
  }

  /** The stripe of {@code b}, without a division on a single-stripe pool (the hit path's common case). */
  private int stripeIndex(int b) {
    return stripeCount == 1 ? 0 : b / stripeSize;
  }

  /** Bytes of off-heap memory held by the descriptor arrays. */
  public long bytes() {
    long total = 0;
    for (int s = 0; s < stripeCount; s++) {
      total += records[s].byteSize();
    }
    return total;
  }

  /** Frees the off-heap arrays; no method may be called afterwards. */
  @Override
  public void close() {
    arena.close();
  }
}
