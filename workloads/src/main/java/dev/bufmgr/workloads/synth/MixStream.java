package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;

/**
 * A weighted mix of streams: each unit comes from stream i with probability weight i over the
 * weights' sum. Stream i's page ids are offset by {@code i << 48}, so streams never share pages.
 */
final class MixStream implements PageStream {
  /** Where a stream's index sits in its page ids. */
  static final int STREAM_SHIFT = 48;

  private final PageStream[] streams;
  private final double[] cumulative;
  private final SplitMix64 rng;
  private final int maxUnit;

  MixStream(PageStream[] streams, double[] weights, SplitMix64 rng) {
    this.streams = streams;
    this.rng = rng;
    this.cumulative = new double[weights.length];
    double total = 0;
    for (double w : weights) total += w;
    double run = 0;
    for (int i = 0; i < weights.length; i++) {
      run += weights[i] / total;
      cumulative[i] = run;
    }
    cumulative[weights.length - 1] = 1.0;
    int m = 1;
    for (PageStream s : streams) m = Math.max(m, s.maxUnit());
    this.maxUnit = m;
  }

  @Override
  public int maxUnit() {
    return maxUnit;
  }

  @Override
  public boolean transactional() {
    for (PageStream s : streams) if (s.transactional()) return true;
    return false;
  }

  /** The sum of the streams' data, or -1 when one does not know. */
  @Override
  public long dataPages() {
    long sum = 0;
    for (PageStream s : streams) {
      long p = s.dataPages();
      if (p < 0) return -1;
      sum += p;
    }
    return sum;
  }

  /** The first stream's answer that knows the class (streams with transactions share the page classes). */
  @Override
  public int imageBytes(int pageClass) {
    for (PageStream s : streams) {
      int b = s.imageBytes(pageClass);
      if (b >= 0) return b;
    }
    return -1;
  }

  @Override
  public void emit(EventBatch out) {
    double u = rng.nextDouble();
    int i = 0;
    while (u >= cumulative[i]) i++;
    int from = out.size();
    streams[i].emit(out);
    long offset = (long) i << STREAM_SHIFT;
    if (offset != 0) {
      long[] pages = out.pages;
      for (int k = from; k < out.size(); k++) pages[k] += offset;
    }
  }
}
