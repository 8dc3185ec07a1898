package dev.bufmgr.core.buffer;

import java.util.Objects;

/**
 * The buffer descriptors: per buffer a 64-bit state word (see {@link BufferState}), the tag (the
 * page id it holds) and the page LSN. The pool's N buffers are split into S contiguous stripes,
 * which clock hands may follow.
 *
 * <p>Two layouts, chosen by {@link Sharing} when they are allocated:
 *
 * <ul>
 *   <li>{@link Sharing#SHARED}: striped off-heap records, each stripe allocated and first touched
 *       by a thread of its own (so that on a NUMA host the memory is spread like the threads),
 *       optionally padded to one or two cache lines. Any thread may call any method at any time:
 *       state words are read with volatile semantics and changed by compare-and-set or atomic add;
 *       the tag is published with release semantics before TAG_VALID is set, and read after a pin
 *       (a full fence).
 *   <li>{@link Sharing#EXCLUSIVE}: one packed on-heap array, read and written with plain loads and
 *       stores, for a pool that one thread uses (exact replay). The same methods give the same
 *       results; padding, which only matters between threads, is not applied.
 * </ul>
 *
 * <p>Memory order of each accessor (shared: the record's {@link java.lang.invoke.VarHandle} access
 * mode; exclusive: one thread, plain array loads and stores):
 *
 * <table>
 *   <caption>Accessors and their memory order</caption>
 *   <tr><th>accessor</th><th>shared pool</th><th>exclusive pool</th></tr>
 *   <tr><td>{@link #state}</td><td>volatile read</td><td>plain load</td></tr>
 *   <tr><td>{@link #compareAndSetState}</td><td>volatile compare-and-set</td><td>plain compare, store</td></tr>
 *   <tr><td>{@link #getAndAddState}</td><td>volatile get-and-add (tests only)</td><td>plain load, store</td></tr>
 *   <tr><td>{@link #tag}</td><td>acquire read</td><td>plain load</td></tr>
 *   <tr><td>{@link #setTag}</td><td>release write</td><td>plain store</td></tr>
 *   <tr><td>{@link #lsn}</td><td>volatile read</td><td>plain load</td></tr>
 *   <tr><td>{@link #raiseLsn}</td><td>volatile compare-and-set loop (never lowers)</td><td>plain max</td></tr>
 *   <tr><td>{@link #resetLsn}</td><td>release write</td><td>plain store</td></tr>
 *   <tr><td>{@link #selectorWord}</td><td>volatile read</td><td>plain load</td></tr>
 *   <tr><td>{@link #compareAndSetSelectorWord}</td><td>volatile compare-and-set</td><td>plain compare, store</td></tr>
 * </table>
 *
 * <p>The state word has one writer, {@code dev.bufmgr.core.buffer.BufferTransitions}: every change
 * of it, by the pool or a selector, is one of its transitions. A tag is set only by the thread that
 * holds the buffer's only pin with TAG_VALID clear, before the release of the word that sets
 * TAG_VALID again; a reader that saw TAG_VALID in a volatile read of the word then reads the tag
 * it names, and the replacement count ({@link BufferState#replacements}) makes its later
 * compare-and-set fail if the buffer was given another page meanwhile.
 *
 * <p>Each buffer's state word and tag lie together in one record, so a hit that reads the state
 * word and then the tag touches one cache line; shared records hold the page LSN too (state, tag,
 * LSN), exclusive ones keep the LSNs in an array apart, so that replay's records are 16 bytes. A
 * record may carry one more word that the victim selector owns ({@link #selectorWord}), so that a
 * selector examining a buffer finds its own state on the same line.
 */
public abstract sealed class Descriptors implements AutoCloseable permits SharedDescriptors, ExclusiveDescriptors {
  private final int frames;
  private final int stripeSize;
  private final int stripeCount;
  private final Padding padding;
  private final boolean selectorWords;
  private final StripePlacement placement;

  Descriptors(int frames, int stripes, Padding padding, boolean selectorWords, StripePlacement placement) {
    if (frames < 1) throw new IllegalArgumentException("frames must be at least 1, got " + frames);
    if (stripes < 1 || stripes > frames) {
      throw new IllegalArgumentException("stripes must lie in 1.." + frames + ", got " + stripes);
    }
    this.frames = frames;
    this.stripeCount = stripes;
    this.stripeSize = (frames + stripes - 1) / stripes;
    this.padding = padding;
    this.selectorWords = selectorWords;
    this.placement = Objects.requireNonNull(placement, "placement");
  }

  /** Allocates zeroed {@link Sharing#SHARED} descriptors without selector words (see the full form). */
  public static Descriptors allocate(int frames, int stripes, Padding padding) {
    return allocate(frames, stripes, padding, Sharing.SHARED, false);
  }

  /** Allocates zeroed descriptors without selector words (see the full form). */
  public static Descriptors allocate(int frames, int stripes, Padding padding, Sharing sharing) {
    return allocate(frames, stripes, padding, sharing, false);
  }

  /**
   * Allocates zeroed descriptors: every buffer unpinned, no usage, no flags.
   *
   * @param frames the number of buffers, at least 1
   * @param stripes the number of stripes, 1..frames
   * @param padding the distance between state words (shared descriptors only)
   * @param sharing whether many threads or one use them
   * @param selectorWords whether each record carries a word for the selector ({@link #selectorWord})
   */
  public static Descriptors allocate(
      int frames, int stripes, Padding padding, Sharing sharing, boolean selectorWords) {
    return allocate(frames, stripes, padding, sharing, selectorWords, StripePlacement.DEFAULT);
  }

  /**
   * Allocates zeroed descriptors as the form without {@code placement} does, with shared stripes
   * first touched where {@code placement} says ({@link StripePlacement#toucher}); the placement is
   * kept for the hands that follow the stripes ({@link #placement()}).
   */
  public static Descriptors allocate(
      int frames, int stripes, Padding padding, Sharing sharing, boolean selectorWords, StripePlacement placement) {
    return sharing == Sharing.EXCLUSIVE
        ? new ExclusiveDescriptors(frames, stripes, padding, selectorWords, placement)
        : new SharedDescriptors(frames, stripes, padding, selectorWords, placement);
  }

  /** Where the stripes were first touched and which stripe is a thread's home. */
  public final StripePlacement placement() {
    return placement;
  }

  /** Whether each record carries a word for the selector. */
  public final boolean hasSelectorWords() {
    return selectorWords;
  }

  /** Fails unless the records carry selector words (a selector that needs them declares {@code BUFFER_WORD}). */
  final void requireSelectorWords() {
    if (!selectorWords) {
      throw new IllegalStateException("these descriptors carry no selector words; the selector must require BUFFER_WORD");
    }
  }

  /** Whether many threads or one use these descriptors. */
  public abstract Sharing sharing();

  /** The number of buffers. */
  public final int frames() {
    return frames;
  }

  /** The number of stripes. */
  public final int stripes() {
    return stripeCount;
  }

  /** The stripe that holds buffer {@code b}. */
  public final int stripeOf(int b) {
    return b / stripeSize;
  }

  /**
   * The first buffer of stripe {@code s}. Stripes hold ceil(N / S) buffers each, so the last ones
   * may hold fewer or none (5 buffers in 4 stripes: 2, 2, 1, 0); an empty stripe starts and ends at N.
   */
  public final int stripeStart(int s) {
    return Math.min(frames, s * stripeSize);
  }

  /** One past the last buffer of stripe {@code s}. */
  public final int stripeEnd(int s) {
    return Math.min(frames, (s + 1) * stripeSize);
  }

  /** The padding asked for between state words. */
  public final Padding padding() {
    return padding;
  }

  /** The buffers in one stripe (the last stripe may hold fewer). */
  final int stripeSize() {
    return stripeSize;
  }

  /** The state word of buffer {@code b} (read with volatile semantics when shared). */
  public abstract long state(int b);

  /** Replaces the state word of {@code b} if it still equals {@code expected} (atomically when shared). */
  public abstract boolean compareAndSetState(int b, long expected, long update);

  /** Adds {@code delta} to the state word of {@code b} (atomically when shared); returns the previous word. */
  public abstract long getAndAddState(int b, long delta);

  /** The page id in buffer {@code b}'s tag (meaningful only while TAG_VALID is set). */
  public abstract long tag(int b);

  /** Sets the tag; only the thread that cleared TAG_VALID while holding the only pin may call it. */
  public abstract void setTag(int b, long page);

  /** The LSN of the last logged change to the page in buffer {@code b} (0 when none). */
  public abstract long lsn(int b);

  /** Raises the page LSN of {@code b} to at least {@code lsn} (a concurrent raise never lowers it). */
  public abstract void raiseLsn(int b, long lsn);

  /** Resets the page LSN of {@code b}; only while TAG_VALID is clear under the only pin. */
  public abstract void resetLsn(int b);

  /**
   * The selector's word of buffer {@code b} (zero at first; read with volatile semantics when
   * shared).
   *
   * @throws IllegalStateException when the records carry no selector words
   */
  public abstract long selectorWord(int b);

  /**
   * Replaces the selector's word of {@code b} if it still equals {@code expected} (atomically
   * when shared).
   *
   * @throws IllegalStateException when the records carry no selector words
   */
  public abstract boolean compareAndSetSelectorWord(int b, long expected, long update);

  /** Bytes of memory held by the descriptor records. */
  public abstract long bytes();

  /** Frees the memory; no method may be called afterwards. */
  @Override
  public abstract void close();
}
