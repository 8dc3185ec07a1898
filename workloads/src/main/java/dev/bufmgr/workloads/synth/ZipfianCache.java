package dev.bufmgr.workloads.synth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the most recent Zipf constants and permutations, so opening one workload for several
 * policies, pool sizes or threads computes zeta(n, theta) and the permutation once.
 */
final class ZipfianCache {
  private static final int KEEP = 4;
  private static final Map<String, ZipfianRanks> RANKS = lru();
  private static final Map<String, Permutation> PERMS = lru();

  private ZipfianCache() {}

  private static <V> Map<String, V> lru() {
    return new LinkedHashMap<>(8, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > KEEP;
      }
    };
  }

  static synchronized ZipfianRanks ranks(long n, double theta) {
    return RANKS.computeIfAbsent(n + "/" + theta, k -> new ZipfianRanks(n, theta));
  }

  static synchronized Permutation permutation(int n, long seed) {
    return PERMS.computeIfAbsent(n + "/" + seed, k -> new Permutation(n, seed));
  }
}
