package dev.bufmgr.core.buffer;

/**
 * The layout of a buffer's 64-bit state word, after PostgreSQL's {@code BufferDesc.state}
 * (buf_internals.h): a reference count, usage bits that belong to the victim selector, and flags.
 * Every state change is one compare-and-set of the whole word, so the count, the usage bits and
 * the flags are always seen together.
 *
 * <pre>
 *  bits  0..17  reference count (pins)
 *  bits 18..25  selector usage bits (G-CLOCK: usage count; HOT/COOL: hot bit; S3-FIFO: frequency)
 *  bit  26      DIRTY         the page differs from its copy on the device
 *  bit  27      JUST_DIRTIED  dirtied again while a write-back was running
 *  bit  28      TAG_VALID     the tag names the page this buffer holds; pins are allowed
 *  bit  29      VALID         the page's contents are loaded
 *  bit  30      IO_IN_PROGRESS a read or write of the page is running
 *  bit  31      CHECKPOINT_NEEDED dirty when the running checkpoint began: it must be written
 *               before that checkpoint completes
 *  bits 32..63  replacement count: raised each time the buffer is taken from its page
 * </pre>
 *
 * <p>The replacement count is vmcache's version (Leis et al., SIGMOD '23): a thread that read a
 * word, then the tag, and then compare-and-sets the word succeeds only if the buffer was not given
 * another page in between, even when the word after evict-and-reload would look the same in all
 * other bits (same pins, usage and flags). So a pin needs no second look at the tag.
 *
 * <p>Where PostgreSQL takes a header spin lock for multi-step changes, this pool needs none:
 * replacing a buffer's page first clears TAG_VALID by CAS while holding the only pin, which
 * excludes new pins until the new tag is published.
 */
public final class BufferState {
  private BufferState() {}

  public static final int REFCOUNT_BITS = 18;
  public static final long REFCOUNT_ONE = 1L;
  public static final long REFCOUNT_MASK = (1L << REFCOUNT_BITS) - 1;
  /** The most pins one buffer can hold at once. */
  public static final int MAX_REFCOUNT = (int) REFCOUNT_MASK;

  public static final int USAGE_SHIFT = REFCOUNT_BITS;
  public static final int USAGE_BITS = 8;
  public static final long USAGE_MASK = ((1L << USAGE_BITS) - 1) << USAGE_SHIFT;
  /** The largest value the selector usage bits can hold. */
  public static final int MAX_USAGE = (1 << USAGE_BITS) - 1;

  public static final long DIRTY = 1L << 26;
  public static final long JUST_DIRTIED = 1L << 27;
  public static final long TAG_VALID = 1L << 28;
  public static final long VALID = 1L << 29;
  public static final long IO_IN_PROGRESS = 1L << 30;
  /**
   * The page was dirty when the running checkpoint set its redo point (PostgreSQL's {@code
   * BM_CHECKPOINT_NEEDED}, set by {@code BufferSync}); any completed write of it clears the flag,
   * so a write by an evicting backend or the background writer counts for the checkpoint.
   */
  public static final long CHECKPOINT_NEEDED = 1L << 31;

  public static final int REPLACEMENT_SHIFT = 32;
  public static final long REPLACEMENT_ONE = 1L << REPLACEMENT_SHIFT;
  public static final long REPLACEMENT_MASK = -1L << REPLACEMENT_SHIFT;

  /** The number of pins. */
  public static int refCount(long state) {
    return (int) (state & REFCOUNT_MASK);
  }

  /** True when at least one thread holds a pin. */
  public static boolean isPinned(long state) {
    return (state & REFCOUNT_MASK) != 0;
  }

  /** The selector's usage bits as an unsigned value. */
  public static int usage(long state) {
    return (int) ((state & USAGE_MASK) >>> USAGE_SHIFT);
  }

  /** The state with its usage bits replaced; {@code usage} must lie in 0..{@link #MAX_USAGE}. */
  public static long withUsage(long state, int usage) {
    return (state & ~USAGE_MASK) | ((long) usage << USAGE_SHIFT);
  }

  /** True when every flag in {@code flags} is set. */
  public static boolean has(long state, long flags) {
    return (state & flags) == flags;
  }

  /** The state a victim selector installs to claim an unpinned buffer: the same word, pinned once. */
  public static long claimed(long state) {
    return state + REFCOUNT_ONE;
  }

  /** How many times the buffer was taken from a page, modulo 2^32. */
  public static long replacements(long state) {
    return state >>> REPLACEMENT_SHIFT;
  }

  /** A readable rendering for messages and test failures. */
  public static String describe(long state) {
    StringBuilder sb = new StringBuilder("refcount=").append(refCount(state)).append(" usage=").append(usage(state));
    if (has(state, TAG_VALID)) sb.append(" TAG_VALID");
    if (has(state, VALID)) sb.append(" VALID");
    if (has(state, DIRTY)) sb.append(" DIRTY");
    if (has(state, JUST_DIRTIED)) sb.append(" JUST_DIRTIED");
    if (has(state, IO_IN_PROGRESS)) sb.append(" IO_IN_PROGRESS");
    if (has(state, CHECKPOINT_NEEDED)) sb.append(" CHECKPOINT_NEEDED");
    if (replacements(state) != 0) sb.append(" replacements=").append(replacements(state));
    return sb.toString();
  }
}
