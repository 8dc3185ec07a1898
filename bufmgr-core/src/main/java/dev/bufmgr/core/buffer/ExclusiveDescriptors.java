package dev.bufmgr.core.buffer;

/**
 * {@link Sharing#EXCLUSIVE} descriptors: the records packed in one on-heap array, three words per
 * buffer, read and written with plain loads and stores. Not thread-safe: one thread only.
 */
final class ExclusiveDescriptors extends Descriptors {
  private static final int WORDS = 3;
  private static final int TAG = 1;
  private static final int LSN = 2;

  private final long[] records;

  ExclusiveDescriptors(int frames, int stripes, Padding padding) {
    super(frames, stripes, padding);
    this.records = new long[Math.multiplyExact(frames, WORDS)];
  }

  @Override
  public Sharing sharing() {
    return Sharing.EXCLUSIVE;
  }

  @Override
  public long state(int b) {
    return records[WORDS * b];
  }

  @Override
  public boolean compareAndSetState(int b, long expected, long update) {
    int i = WORDS * b;
    if (records[i] != expected) return false;
    records[i] = update;
    return true;
  }

  @Override
  public long getAndAddState(int b, long delta) {
    int i = WORDS * b;
    long before = records[i];
    records[i] = before + delta;
    return before;
  }

  @Override
  public long tag(int b) {
    return records[WORDS * b + TAG];
  }

  @Override
  public void setTag(int b, long page) {
    records[WORDS * b + TAG] = page;
  }

  @Override
  public long lsn(int b) {
    return records[WORDS * b + LSN];
  }

  @Override
  public void raiseLsn(int b, long lsn) {
    int i = WORDS * b + LSN;
    if (records[i] < lsn) records[i] = lsn;
  }

  @Override
  public void resetLsn(int b) {
    records[WORDS * b + LSN] = 0L;
  }

  @Override
  public long bytes() {
    return (long) records.length * Long.BYTES;
  }

  @Override
  public void close() {}
}
