package dev.bufmgr.bench.matrix;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One point of a matrix: a benchmark class (all its methods), its JMH parameters and a thread
 * count.
 *
 * @param benchmark the benchmark's class, fully qualified
 * @param methods how many benchmark methods the class has (each runs as its own JMH benchmark)
 * @param params the JMH {@code @Param} values
 * @param threads JMH worker threads
 */
public record Point(String benchmark, int methods, Map<String, String> params, int threads) {
  public Point {
    params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** The placement the point pins its threads with ({@code none} when it has no pinning parameter). */
  public String pinning() {
    return params.getOrDefault("pinning", "none");
  }

  /** The benchmark's simple class name. */
  public String benchmarkName() {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  /** For progress lines, e.g. {@code EvictionBenchmark t=2 selector=gclock hand=batch16}. */
  public String describe() {
    StringBuilder sb = new StringBuilder(benchmarkName()).append(" t=").append(threads);
    params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }
}
