package dev.bufmgr.core.metrics;

/**
 * The distribution of ticks per victim (positions a victim search examined before it found its
 * victim): exact counts below 1024, power-of-two buckets above. Single writer; merge copies for
 * readers.
 */
public final class TicksHistogram {
  private static final int EXACT = 1024;
  private final long[] exact = new long[EXACT];
  private final long[] log2 = new long[64];
  private long count;
  private long sum;
  private long max;

  /** Records one victim search that examined {@code ticks} positions. */
  public void record(long ticks) {
    if (ticks < EXACT) exact[(int) ticks]++;
    else log2[63 - Long.numberOfLeadingZeros(ticks)]++;
    count++;
    sum += ticks;
    if (ticks > max) max = ticks;
  }

  /** Adds another histogram's counts to this one. */
  public void add(TicksHistogram other) {
    for (int i = 0; i < EXACT; i++) exact[i] += other.exact[i];
    for (int i = 0; i < log2.length; i++) log2[i] += other.log2[i];
    count += other.count;
    sum += other.sum;
    max = Math.max(max, other.max);
  }

  /** The number of victim searches recorded. */
  public long count() {
    return count;
  }

  /** The ticks of all recorded searches together. */
  public long total() {
    return sum;
  }

  /** The mean ticks per victim, NaN when nothing was recorded. */
  public double mean() {
    return count == 0 ? Double.NaN : (double) sum / count;
  }

  /** The largest ticks per victim recorded (0 when none). */
  public long max() {
    return max;
  }

  /**
   * The smallest value v such that at least fraction {@code q} of the searches took at most v
   * ticks; above 1023 the upper bound of v's power-of-two bucket. NaN when nothing was recorded.
   */
  public double percentile(double q) {
    if (count == 0) return Double.NaN;
    long rank = Math.max(1, (long) Math.ceil(q * count));
    long seen = 0;
    for (int i = 0; i < EXACT; i++) {
      seen += exact[i];
      if (seen >= rank) return i;
    }
    for (int i = 0; i < log2.length; i++) {
      seen += log2[i];
      if (seen >= rank) return Math.min(max, (2L << i) - 1);
    }
    return max;
  }

  /**
   * The recorded distribution as {@code {values, counts}}, values ascending, only values that
   * occurred: below 1024 each exact ticks value; above, one entry per power-of-two bucket valued
   * at its upper bound (at most {@link #max()}), as {@link #percentile} reports it.
   */
  public long[][] distribution() {
    int n = 0;
    for (long c : exact) if (c > 0) n++;
    for (long c : log2) if (c > 0) n++;
    long[] values = new long[n];
    long[] counts = new long[n];
    int k = 0;
    for (int i = 0; i < EXACT; i++) {
      if (exact[i] > 0) {
        values[k] = i;
        counts[k++] = exact[i];
      }
    }
    for (int i = 0; i < log2.length; i++) {
      if (log2[i] > 0) {
        values[k] = i >= 62 ? max : Math.min(max, (2L << i) - 1);
        counts[k++] = log2[i];
      }
    }
    return new long[][] {values, counts};
  }

  /** Counts per exact ticks value 0..1023 (a copy). */
  public long[] exactCounts() {
    return exact.clone();
  }
}
