package dev.bufmgr.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link Sharing#SHARED} descriptors in striped off-heap arrays. With more than one stripe each
 * stripe's records are allocated, and so first touched, by a thread of its own, made by the {@link
 * StripePlacement} (by default an unpinned one, so that on a NUMA host whose threads the OS
 * spreads over the nodes the memory is spread too; one stripe is allocated by the calling
 * thread). Records (state at +0, tag at +8, LSN at +16, the selector's word at +24 when asked for)
 * are 24 or 32 bytes apart unpadded, or one or two cache lines apart when padded (see {@link
 * Padding}), in which case the padding holds the same buffer's other words.
 */
final class SharedDescriptors extends Descriptors {
  private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
  private static final long RECORD_BYTES = 24;
  private static final long TAG_OFFSET = 8;
  private static final long LSN_OFFSET = 16;
  private static final long SELECTOR_OFFSET = 24;

  private final long recordStride;
  private final Arena arena;
  private final MemorySegment[] records;

  SharedDescriptors(int frames, int stripes, Padding padding, boolean selectorWords, StripePlacement placement) {
    super(frames, stripes, padding, selectorWords, placement);
    long record = selectorWords ? RECORD_BYTES + Long.BYTES : RECORD_BYTES;
    this.recordStride = Math.max(record, padding.stride());
    this.arena = Arena.ofShared();
    this.records = new MemorySegment[stripes];
    allocateStripes();
  }

  private void allocateStripes() {
    if (stripes() == 1) {
      allocateStripe(0);
      return;
    }
    Thread[] allocators = new Thread[stripes()];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int s = 0; s < stripes(); s++) {
      final int stripe = s;
      allocators[s] =
          placement()
              .toucher(
                  s,
                  stripes(),
                  () -> {
                    try {
                      allocateStripe(stripe);
                    } catch (Throwable t) {
                      failure.compareAndSet(null, t);
                    }
                  });
    }
    for (Thread t : allocators) t.start();
    for (Thread t : allocators) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while allocating descriptor stripes", e);
      }
    }
    for (int s = 0; s < stripes(); s++) {
      if (records[s] == null && failure.get() == null) {
        failure.set(new IllegalStateException("stripe " + s + "'s thread ended without allocating it"));
      }
    }
    if (failure.get() != null) {
      arena.close();
      throw new IllegalStateException("cannot allocate descriptor stripes: " + failure.get(), failure.get());
    }
  }

  /** Allocates (and so first touches, zeroing) one stripe's records on the calling thread. */
  private void allocateStripe(int stripe) {
    long n = stripeEnd(stripe) - stripeStart(stripe);
    records[stripe] = arena.allocate(n * recordStride, 128);
  }

  @Override
  public Sharing sharing() {
    return Sharing.SHARED;
  }

  @Override
  public long state(int b) {
    int s = stripeIndex(b);
    return (long) LONG.getVolatile(records[s], offset(b, s));
  }

  @Override
  public boolean compareAndSetState(int b, long expected, long update) {
    int s = stripeIndex(b);
    return LONG.compareAndSet(records[s], offset(b, s), expected, update);
  }

  @Override
  public long getAndAddState(int b, long delta) {
    int s = stripeIndex(b);
    return (long) LONG.getAndAdd(records[s], offset(b, s), delta);
  }

  @Override
  public long tag(int b) {
    int s = stripeIndex(b);
    return (long) LONG.getAcquire(records[s], offset(b, s) + TAG_OFFSET);
  }

  @Override
  public void setTag(int b, long page) {
    int s = stripeIndex(b);
    LONG.setRelease(records[s], offset(b, s) + TAG_OFFSET, page);
  }

  @Override
  public long lsn(int b) {
    int s = stripeIndex(b);
    return (long) LONG.getVolatile(records[s], offset(b, s) + LSN_OFFSET);
  }

  @Override
  public void raiseLsn(int b, long lsn) {
    int s = stripeIndex(b);
    MemorySegment seg = records[s];
    long off = offset(b, s) + LSN_OFFSET;
    long cur = (long) LONG.getVolatile(seg, off);
    while (cur < lsn && !LONG.compareAndSet(seg, off, cur, lsn)) {
      cur = (long) LONG.getVolatile(seg, off);
    }
  }

  @Override
  public void resetLsn(int b) {
    int s = stripeIndex(b);
    LONG.setRelease(records[s], offset(b, s) + LSN_OFFSET, 0L);
  }

  @Override
  public long selectorWord(int b) {
    requireSelectorWords();
    int s = stripeIndex(b);
    return (long) LONG.getVolatile(records[s], offset(b, s) + SELECTOR_OFFSET);
  }

  @Override
  public boolean compareAndSetSelectorWord(int b, long expected, long update) {
    requireSelectorWords();
    int s = stripeIndex(b);
    return LONG.compareAndSet(records[s], offset(b, s) + SELECTOR_OFFSET, expected, update);
  }

  /** The stripe of {@code b}, without a division on a single-stripe pool (the hit path's common case). */
  private int stripeIndex(int b) {
    return records.length == 1 ? 0 : b / stripeSize();
  }

  /** The byte offset of {@code b}'s record within stripe {@code s}. */
  private long offset(int b, int s) {
    return (b - (long) s * stripeSize()) * recordStride;
  }

  @Override
  public long bytes() {
    long total = 0;
    for (MemorySegment r : records) total += r.byteSize();
    return total;
  }

  @Override
  public void close() {
    arena.close();
  }
}
