package dev.bufmgr.eviction.s3fifo;

import java.util.Arrays;
import java.util.List;

/**
 * Which version of libCacheSim's S3-FIFO a selector follows ({@code s3fifo:variant=...}). The two
 * differ in one rule only: where a new page goes while the pool fills up for the first time.
 *
 * <p>Commits are those of {@code github.com/1a1a11a/libCacheSim}, file
 * {@code libCacheSim/cache/eviction/S3FIFO.c}.
 */
enum S3FifoVariant {
  /**
   * {@code S3FIFO.c} before the {@code has_evicted} rule: its last such version is {@code 2f60805}
   * (2024-08-07), unchanged in behaviour since {@code 1cc2d5d} (2023-07-23, the copy in the SOSP'23
   * artifact {@code Thesys-lab/sosp23-s3fifo}); commit {@code 2b52daa} kept it as {@code
   * S3FIFOv0.c}. A new page goes to M only when it was found in G, otherwise to S, from the first
   * request on. This is the paper's Algorithm 1 (see {@link S3FifoSelector} for where the paper's
   * pseudo-code and this file differ).
   */
  ORIGINAL("original", false),
  /**
   * {@code S3FIFO.c} since {@code 2b52daa} (2024-10-27, "add new S3FIFO implementation"): until the
   * cache has evicted anything, a new page that G does not hold goes to M once S holds its share
   * ({@code params->has_evicted}). Later commits ({@code 1393521}, 2024-12-31, renames and the
   * header date "12/4/24"; {@code c9efc95}, 2025-01-21; {@code 81e475a}, 2025-04-28) change no
   * decision.
   */
  CURRENT("current", true);

  /** The value of the {@code variant} parameter that selects the default. */
  static final String DEFAULT = CURRENT.word;

  private final String word;
  private final boolean mainBeforeFirstEviction;

  S3FifoVariant(String word, boolean mainBeforeFirstEviction) {
    this.word = word;
    this.mainBeforeFirstEviction = mainBeforeFirstEviction;
  }

  /** The parameter values, in declaration order. */
  static List<String> words() {
    return Arrays.stream(values()).map(v -> v.word).toList();
  }

  /** The variant a validated {@code variant} value names. */
  static S3FifoVariant of(String word) {
    for (S3FifoVariant v : values()) {
      if (v.word.equals(word)) return v;
    }
    throw new IllegalArgumentException("policy s3fifo: parameter variant must be one of "
        + String.join(", ", words()) + ", got '" + word + "'");
  }

  /**
   * Whether, before the pool's first victim search, a page that G does not hold goes to M once S
   * holds its share ({@code has_evicted}).
   */
  boolean mainBeforeFirstEviction() {
    return mainBeforeFirstEviction;
  }

  /** The parameter value. */
  String word() {
    return word;
  }
}
