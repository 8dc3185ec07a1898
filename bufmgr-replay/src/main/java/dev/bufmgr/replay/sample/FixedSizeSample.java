package dev.bufmgr.replay.sample;

import dev.bufmgr.core.table.LongHashSet;
import dev.bufmgr.replay.baseline.LongMaxHeap;

/**
 * The sample set of fixed-size SHARDS (FAST '15, s_max): the distinct pages whose hash value
 * {@code v = hash mod P} lies below the threshold T, never more than s_max of them. A page not yet
 * in the set that would make it hold s_max + 1 pages lowers T to the largest value among those
 * s_max + 1 and drops every page with that value (the paper evicts the largest value from a
 * priority queue; equal values go together, as none of them is below the new T). The set thus ends
 * as the pages whose values are below the (s_max + 1)-th smallest value of all pages offered that
 * were below the starting T: a bottom-k sketch, whatever the order of the requests.
 *
 * <p>Members are held by their full 64-bit hash (a bijection of the page id, so it names the page);
 * the heap orders them by value first, the hash rotated so that its low bits (the value) come
 * first. Not thread-safe.
 */
final class FixedSizeSample {
  private final int maxPages;
  private final int bits;
  private final long mask;
  private final LongHashSet members;
  private final LongMaxHeap byValue;
  private long threshold;

  FixedSizeSample(Sampling sampling) {
    if (!sampling.fixedSize()) throw new IllegalArgumentException("not a fixed-size sampling: " + sampling.text());
    this.maxPages = sampling.maxPages();
    this.bits = Long.numberOfTrailingZeros(sampling.modulus());
    this.mask = sampling.modulus() - 1;
    this.threshold = sampling.initialThreshold();
    int room = Math.min(maxPages, 1 << 20);
    this.members = new LongHashSet(room);
    this.byValue = new LongMaxHeap(room);
  }

  /** Offers a request to the page whose sampling hash is {@code hash}; returns whether the request is sampled. */
  boolean offer(long hash) {
    long v = hash & mask;
    if (v >= threshold) return false;
    if (members.contains(hash)) return true;
    if (members.size() == maxPages) {
      long largest = Math.max(largestValue(), v);
      while (byValue.size() > 0 && largestValue() == largest) {
        members.remove(hashOf(byValue.peekKey()));
        byValue.pop();
      }
      threshold = largest;
      if (v >= threshold) return false;
    }
    members.add(hash);
    byValue.push(keyOf(hash), 0);
    return true;
  }

  /** T now. */
  long threshold() {
    return threshold;
  }

  /** The distinct pages in the sample now. */
  int pages() {
    return members.size();
  }

  private long largestValue() {
    return hashOf(byValue.peekKey()) & mask;
  }

  /** The heap key: the value in the high bits, then the rest of the hash, as a signed long that orders like the unsigned one. */
  private long keyOf(long hash) {
    return Long.rotateRight(hash, bits) ^ Long.MIN_VALUE;
  }

  private long hashOf(long key) {
    return Long.rotateLeft(key ^ Long.MIN_VALUE, bits);
  }
}
