package dev.bufmgr.replay.sample;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.CapacityException;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The spatial sample of one input, drawn in one pass and held in memory: the page requests whose
 * page the {@link Sampling} keeps (transaction markers dropped, as {@link EventTrace#load} does),
 * in their order, with the input's own count of page requests N. Its memory is the sample's,
 * about R x N events of {@value EventTrace#BYTES_PER_EVENT} bytes.
 *
 * <p>A fixed-size sample's threshold T falls during the pass ({@link FixedSizeSample}); the trace
 * kept is the requests to the pages still below the final T, so the sample is exactly the
 * fixed-rate sample at R = T_final / P and a miniature cache replays it at one size throughout
 * (see {@link SampledReplay} for why).
 */
public final class SampledTrace {
  private static final String WHY = "a sample holds its requests in memory, " + EventTrace.BYTES_PER_EVENT + " B a request";

  private final Sampling sampling;
  private final EventTrace trace;
  private final long requests;
  private final long threshold;

  private SampledTrace(Sampling sampling, EventTrace trace, long requests, long threshold) {
    this.sampling = sampling;
    this.trace = trace;
    this.requests = requests;
    this.threshold = threshold;
  }

  /** Reads {@code source} to its end (and closes it), keeping the requests {@code sampling} keeps. */
  public static SampledTrace draw(EventSource source, Sampling sampling) {
    try (source) {
      long mask = sampling.modulus() - 1;
      long threshold = sampling.initialThreshold();
      FixedSizeSample fixed = sampling.fixedSize() ? new FixedSizeSample(sampling) : null;
      long expected = source.expectedCount();
      long guess = fixed == null && expected > 0 ? (long) (expected * sampling.rate() * 1.1) : 0;
      int cap = (int) Math.max(1 << 12, Math.min(Math.min(1 << 24, guess), Capacity.fitInHeap(EventTrace.BYTES_PER_EVENT) / 2));
      long[] pages = new long[cap];
      int[] meta = new int[cap];
      boolean anyMeta = false;
      int n = 0;
      long requests = 0;
      EventBatch batch = new EventBatch();
      for (int got; (got = source.fill(batch)) > 0; ) {
        for (int i = 0; i < got; i++) {
          int m = batch.meta[i];
          if (!EventMeta.isPage(m)) continue;
          requests++;
          long page = batch.pages[i];
          long hash = Sampling.hash(page);
          if (fixed == null ? (hash & mask) >= threshold : !fixed.offer(hash)) continue;
          if (n == pages.length) {
            if (fixed != null) n = compact(pages, meta, n, mask, fixed.threshold());
            if (n > pages.length / 2) {
              long want = Math.min((long) pages.length * 2, Integer.MAX_VALUE - 8);
              if (want == n || want > Capacity.fitInHeap(EventTrace.BYTES_PER_EVENT)) {
                throw new CapacityException(String.format(Locale.ROOT, "%s: a sample (%s) of more than %,d requests does not fit "
                    + "in memory (%s); %s", source.name(), sampling.text(), n, WHY,
                    Capacity.heapAdvice(want * EventTrace.BYTES_PER_EVENT, Capacity.freeHeapBytes())));
              }
              pages = Arrays.copyOf(pages, (int) want);
              meta = Arrays.copyOf(meta, (int) want);
            }
          }
          pages[n] = page;
          meta[n] = m;
          anyMeta |= m != 0;
          n++;
        }
      }
      if (fixed != null) {
        threshold = fixed.threshold();
        n = compact(pages, meta, n, mask, threshold);
      }
      Set<EventField> carried = EnumSet.noneOf(EventField.class);
      carried.addAll(source.carries());
      carried.remove(EventField.TRANSACTIONS);
      EventTrace trace = new EventTrace(source.name(), carried, pages, anyMeta ? meta : null, n);
      return new SampledTrace(sampling, trace, requests, threshold);
    }
  }

  /** Keeps, in order, the first {@code n} events whose page is still below {@code threshold}; returns how many. */
  private static int compact(long[] pages, int[] meta, int n, long mask, long threshold) {
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if ((Sampling.hash(pages[i]) & mask) >= threshold) continue;
      pages[kept] = pages[i];
      meta[kept] = meta[i];
      kept++;
    }
    return kept;
  }

  /** How the sample was drawn. */
  public Sampling sampling() {
    return sampling;
  }

  /** The sampled requests, in order, for a miniature replay. */
  public EventTrace trace() {
    return trace;
  }

  /** N: the page requests of the whole input. */
  public long requests() {
    return requests;
  }

  /** N_s: the sampled requests. */
  public long sampledRequests() {
    return trace.size();
  }

  /** The distinct pages in the sample. */
  public int pages() {
    return trace.distinctPages();
  }

  /** T, final for a fixed-size sample. */
  public long threshold() {
    return threshold;
  }

  /** R = T / P, the rate of the sample (for a fixed-size sample, the final one). */
  public double rate() {
    return threshold / (double) sampling.modulus();
  }

  /**
   * The miniature cache that emulates {@code frames} (ATC '17: S_m = R x S_e), rounded to the
   * nearest frame; 0 when it would hold no frame.
   */
  public int miniFrames(long frames) {
    return (int) Math.min(Integer.MAX_VALUE, Math.round(frames * rate()));
  }

  /** A count of the sample scaled to the whole input: {@code count / R}, rounded. */
  public long scaled(long count) {
    return Math.round(count / rate());
  }

  /**
   * The SHARDS adjustment of a miniature run's misses, as misses of the whole input: {@code
   * sampledMisses / R}, at most N. FAST '15 (SHARDS_adj) adds the difference between
   * the expected sampled requests E[N_s] = N x R and the actual N_s to the histogram's first
   * bucket (hits at every size), so the miss ratio at a size is 1 - (H_s + N R - N_s) / (N R) =
   * M_s / (N R): the sampled misses over the expected, not the actual, sampled requests. libCacheSim
   * does the same in {@code libCacheSim/mrcProfiler/mrcProfiler.cpp} (commit 6cecdd8):
   * {@code hit_cnt_vec[0] += n_req_ - sampled_cnt} for SHARDS, {@code n_req_ - n_miss *
   * sampling_ratio_inv} for its miniature simulation, clipping the miss ratio to [0, 1].
   */
  public static long adjustedMisses(long sampledMisses, long requests, double rate) {
    return Math.min(requests, Math.round(sampledMisses / rate));
  }
}
