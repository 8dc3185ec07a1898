package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.EvictionBenchmark;
import dev.bufmgr.bench.HandSpec;
import dev.bufmgr.bench.HitPathBenchmark;
import dev.bufmgr.core.evict.SelectorRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named matrices of {@code numa-bench/run}, as data: per matrix its axes (selectors, hands,
 * working-set ratios, paddings, pinnings, thread counts) and JMH settings. Points are listed with
 * the outer axes (pinning, padding, ratio) outermost, so that a budget keeping a prefix keeps the
 * core comparison (every selector and hand at every thread count, unpinned, unpadded) first.
 *
 * <p>Thread counts default to the ladder 1, 2, 4, ... up to the machine's CPUs, ending at the CPU
 * count ({@link #threadLadder}); {@code --threads} and {@code --pinning} replace those axes.
 */
public final class Matrices {
  private Matrices() {}

  private static final String EVICTION = EvictionBenchmark.class.getName();
  private static final String HIT_PATH = HitPathBenchmark.class.getName();
  /** HitPathBenchmark's methods: pool, poolPinUnpin, caffeine. */
  private static final int HIT_PATH_METHODS = 3;
  /**
   * Descriptor stripes of every eviction point: the partitioned hand's partitions. A pinned point
   * places them on the host's nodes ({@code placement=nodes}), an unpinned one as the core does.
   */
  private static final int STRIPES = 4;

  /** An eviction matrix's axes. */
  private record EvictionAxes(List<String> selectors, List<String> hands, List<String> ratios, List<String> paddings,
      List<String> pinnings) {}

  private record Definition(String description, JmhSettings settings, EvictionAxes axes) {}

  private static final Map<String, Definition> DEFINITIONS = new LinkedHashMap<>();

  static {
    DEFINITIONS.put("seed-thread", new Definition(
        "The seed thread's microbenchmark (pgsql-hackers, batched clock sweep): pin and release random blocks of a "
            + "table 1.7x the pool through the normal strategy; G-CLOCK and HOT/COOL with the stock, batched (16, 64) "
            + "and partitioned hands, with and without state-word padding and thread pinning.",
        new JmhSettings(1, 2, 2, 3, 3),
        new EvictionAxes(List.of("gclock", "hotcool"), List.of("stock", "batch16", "batch64", "partitioned"),
            List.of("1.7"), List.of("none", "line"), List.of("none", "packed"))));
    DEFINITIONS.put("hands", new Definition(
        "G-CLOCK with every hand (stock, batch16, batch64, partitioned) on the seed's shape (working set 1.7x).",
        new JmhSettings(1, 2, 2, 5, 3),
        new EvictionAxes(List.of("gclock"), List.of("stock", "batch16", "batch64", "partitioned"), List.of("1.7"),
            List.of("none"), List.of("none"))));
    DEFINITIONS.put("selectors", new Definition(
        "Every selector: G-CLOCK, HOT/COOL (stock and batched by 64), S3-FIFO, SIEVE, CLOCK-Pro, LRU, 2Q and ARC (their "
            + "own search) at working sets 1.7x and 3x the pool.",
        new JmhSettings(1, 2, 2, 3, 3),
        new EvictionAxes(List.of("gclock", "hotcool", "s3fifo", "sieve", "clockpro", "lru-pool", "twoq", "arc"),
            List.of("stock", "batch64"), List.of("1.7", "3.0"),
            List.of("none"), List.of("none"))));
    DEFINITIONS.put("hit-path", new Definition(
        "The hit path, every page resident: the pool's access, its pin and unpin, and Caffeine's getIfPresent of the same "
            + "keys (Zipf 0.99 and uniform).",
        new JmhSettings(1, 2, 2, 3, 3), null));
    DEFINITIONS.put("smoke", new Definition(
        "A small check that the whole runner works: G-CLOCK and HOT/COOL with the stock, batch16 and partitioned hands "
            + "at 1 and 2 threads, short iterations.",
        new JmhSettings(1, 1, 0.5, 2, 0.5),
        new EvictionAxes(List.of("gclock", "hotcool"), List.of("stock", "batch16", "partitioned"), List.of("1.7"),
            List.of("none"), List.of("none"))));
  }

  /** The matrix names, in the order the usage line lists them. */
  public static List<String> names() {
    return List.copyOf(DEFINITIONS.keySet());
  }

  /**
   * The matrix {@code name} on a machine of {@code cpus} CPUs.
   *
   * @param threads thread counts replacing the matrix's own (null: its own)
   * @param pinning a pinning replacing the matrix's pinning axis (null: its own)
   * @throws UsageException for an unknown name
   */
  public static Matrix build(String name, int cpus, List<Integer> threads, String pinning) {
    Definition d = DEFINITIONS.get(name);
    if (d == null) {
      throw new UsageException("unknown matrix '" + name + "' (matrices: " + String.join(", ", names()) + ")");
    }
    List<Integer> threadAxis = threads != null ? threads : name.equals("smoke") ? List.of(1, 2) : threadLadder(cpus);
    List<Point> points = new ArrayList<>();
    if (d.axes == null) {
      for (String distribution : List.of("zipf", "uniform")) {
        for (int t : threadAxis) {
          points.add(new Point(HIT_PATH, HIT_PATH_METHODS, Map.of("distribution", distribution), t));
        }
      }
    } else {
      EvictionAxes a = d.axes;
      SelectorRegistry registry = SelectorRegistry.load();
      List<String> pinnings = pinning != null ? List.of(pinning) : a.pinnings;
      for (String pin : pinnings) {
        for (String padding : a.paddings) {
          for (String ratio : a.ratios) {
            for (String selector : a.selectors) {
              for (String hand : handsOf(selector, a.hands, registry)) {
                for (int t : threadAxis) {
                  Map<String, String> params = new LinkedHashMap<>();
                  params.put("selector", selector);
                  params.put("hand", hand);
                  params.put("workingSet", ratio);
                  params.put("padding", padding);
                  params.put("pinning", pin);
                  params.put("stripes", String.valueOf(STRIPES));
                  params.put("placement", pin.equals("none") ? "default" : "nodes");
                  points.add(new Point(EVICTION, 1, params, t));
                }
              }
            }
          }
        }
      }
    }
    return new Matrix(name, d.description, d.settings, points);
  }

  /** A selector without a clock hand (S3-FIFO, SIEVE, CLOCK-Pro, the lists) has only its own search ({@code stock}). */
  private static List<String> handsOf(String selector, List<String> hands, SelectorRegistry registry) {
    return HandSpec.hasClockHand(selector, registry) ? hands : List.of("stock");
  }

  /** 1, 2, 4, ... below {@code cpus}, then {@code cpus}. */
  public static List<Integer> threadLadder(int cpus) {
    List<Integer> out = new ArrayList<>();
    for (int t = 1; t < cpus; t *= 2) out.add(t);
    out.add(Math.max(1, cpus));
    return out;
  }
}
