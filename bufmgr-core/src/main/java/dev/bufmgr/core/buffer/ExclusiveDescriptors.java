package dev.bufmgr.core.buffer;

/**
 * {@link Sharing#EXCLUSIVE} descriptors: the records packed in one on-heap array, three words per
 * buffer (four with the selector's word), read and written with plain loads and stores. Not
 * thread-safe: one thread only.
 */
final class ExclusiveDescriptors extends Descriptors {
  private static final int TAG = 1;
  private static final int LSN = 2;
  private static final int SELECTOR = 3;

  private final int words;
  private final long[] records;

  ExclusiveDescriptors(int frames, int stripes, Padding padding, boolean selectorWords, StripePlacement placement) {
    super(frames, stripes, padding, selectorWords, placement);
    this.words = selectorWords ? 4 : 3;
    this.records = new long[Math.multiplyExact(frames, words)];
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
    return records[words * b + LSN];
  }

  @Override
  public void raiseLsn(int b, long lsn) {
    int i = words * b + LSN;
    if (records[i] < lsn) records[i] = lsn;
  }

  @Override
  public void resetLsn(int b) {
    records[words * b + LSN] = 0L;
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
    return (long) records.length * Long.BYTES;
  }

  @Override
  public void close() {}
}
