package dev.bufmgr.core.buffer;

/**
 * {@link Sharing#EXCLUSIVE} descriptors: the records packed in one on-heap array, two words per
 * buffer, state and tag (three with the selector's word), and the page LSNs in an array of their
 * own, all read and written with plain loads and stores. A hit reads only the state and the tag,
 * and replay never sets an LSN, so a record of 16 bytes puts four buffers on a cache line where
 * one of 24 put fewer than three and let some straddle two lines. Not thread-safe: one thread only.
 *
 * <p>Public so that a loop over many requests can hold them by this final type: calls through it
 * are bound statically, with no type check per call as through {@link Descriptors} (the exclusive
 * pool's run of reads, {@code PoolSession.readAll}). Allocate them with {@link Descriptors#allocate}.
 */
public final class ExclusiveDescriptors extends Descriptors {
  private static final int TAG = 1;
  private static final int SELECTOR = 2;

  private final int words;
  private final long[] records;
  private final long[] lsns;
  /** Whether any LSN was ever raised; until then every LSN is 0 and a reset need not touch them. */
  private boolean anyLsn;

  ExclusiveDescriptors(int frames, int stripes, Padding padding, boolean selectorWords, StripePlacement placement) {
    super(frames, stripes, padding, selectorWords, placement);
    this.words = selectorWords ? 3 : 2;
    this.records = new long[Math.multiplyExact(frames, words)];
    this.lsns = new long[frames];
  }

  @Override
  public Sharing sharing() {
    return Sharing.EXCLUSIVE;
  }

  @Override
  public long state(int b) {
    return records[words * b];
  }

  @Override
  public boolean compareAndSetState(int b, long expected, long update) {
    int i = words * b;
    if (records[i] != expected) return false;
    records[i] = update;
    return true;
  }

  @Override
  public long getAndAddState(int b, long delta) {
    int i = words * b;
    long before = records[i];
    records[i] = before + delta;
    return before;
  }

  @Override
  public long tag(int b) {
    return records[words * b + TAG];
  }

  @Override
  public void setTag(int b, long page) {
    records[words * b + TAG] = page;
  }

  @Override
  public long lsn(int b) {
    return lsns[b];
  }

  @Override
  public void raiseLsn(int b, long lsn) {
    if (lsns[b] < lsn) {
      lsns[b] = lsn;
      anyLsn = true;
    }
  }

  @Override
  public void resetLsn(int b) {
    if (anyLsn) lsns[b] = 0L;
  }

  @Override
  public long selectorWord(int b) {
    requireSelectorWords();
    return records[words * b + SELECTOR];
  }

  @Override
  public boolean compareAndSetSelectorWord(int b, long expected, long update) {
    requireSelectorWords();
    int i = words * b + SELECTOR;
    if (records[i] != expected) return false;
    records[i] = update;
    return true;
  }

  @Override
  public long bytes() {
    return (long) (records.length + lsns.length) * Long.BYTES;
  }

  @Override
  public void close() {}
}
