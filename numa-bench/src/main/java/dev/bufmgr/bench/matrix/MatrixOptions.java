package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.placement.PinPolicy;
import dev.bufmgr.results.plot.ChartFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The command line of {@code numa-bench/run}: {@code MATRIX [--budget 30m] [--out DIR] [--force]
 * [--threads 1,2,4] [--pinning none|packed|spread] [--quick] [--chart-format FMT]}. Parsing refuses, with one line,
 * anything else.
 *
 * @param matrix the matrix's name
 * @param budget the time budget (default 30 minutes)
 * @param out the results folder (null: {@code results/bench-MATRIX-<UTC time>})
 * @param force whether an existing, non-empty results folder may be replaced
 * @param threads thread counts replacing the matrix's (null: its own)
 * @param pinning a pinning replacing the matrix's pinning axis (null: its own)
 * @param quick one fork, no warmup, one 0.3 s iteration per point (checks, not figures)
 * @param chartFormats the chart files' formats, as bufmgr's {@code --chart-format} (PNG always)
 */
public record MatrixOptions(String matrix, Duration budget, Path out, boolean force, List<Integer> threads,
    String pinning, boolean quick, Set<ChartFormat> chartFormats) {

  /** The default budget. */
  public static final Duration DEFAULT_BUDGET = Duration.ofMinutes(30);

  /** The usage line. */
  public static String usage() {
    return "usage: numa-bench/run MATRIX [--budget 30m] [--out DIR] [--force] [--threads 1,2,4] "
        + "[--pinning none|packed|spread] [--quick] [--chart-format png,svg,pdf|all]   (matrices: " + String.join(", ", Matrices.names()) + ")";
  }

  /**
   * Parses the command line.
   *
   * @throws UsageException naming the first bad argument
   */
  public static MatrixOptions parse(String[] args) {
    String matrix = null;
    Duration budget = DEFAULT_BUDGET;
    Path out = null;
    boolean force = false;
    List<Integer> threads = null;
    String pinning = null;
    boolean quick = false;
    Set<ChartFormat> chartFormats = Set.of(ChartFormat.PNG);
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--budget" -> budget = Budget.parse(value(args, ++i, a));
        case "--out" -> out = Path.of(value(args, ++i, a));
        case "--force" -> force = true;
        case "--threads" -> threads = threads(value(args, ++i, a));
        case "--pinning" -> pinning = pinning(value(args, ++i, a));
        case "--quick" -> quick = true;
        case "--chart-format" -> chartFormats = chartFormats(value(args, ++i, a));
        default -> {
          if (a.startsWith("-")) throw new UsageException("unknown option '" + a + "'; " + usage());
          if (matrix != null) throw new UsageException("one matrix only, got '" + matrix + "' and '" + a + "'");
          matrix = a;
        }
      }
    }
    if (matrix == null) throw new UsageException("no matrix named; " + usage());
    return new MatrixOptions(matrix, budget, out, force, threads, pinning, quick, chartFormats);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length || args[i].startsWith("--")) throw new UsageException(option + " needs a value");
    return args[i];
  }

  private static List<Integer> threads(String text) {
    List<Integer> out = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String t = part.trim();
      if (!t.matches("[1-9][0-9]{0,5}")) {
        throw new UsageException("--threads '" + text + "': '" + t + "' is not a positive thread count");
      }
      int n = Integer.parseInt(t);
      if (out.contains(n)) throw new UsageException("--threads '" + text + "': " + n + " is given twice");
      out.add(n);
    }
    return List.copyOf(out);
  }

  private static Set<ChartFormat> chartFormats(String text) {
    try {
      return ChartFormat.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--chart-format: " + e.getMessage());
    }
  }

  private static String pinning(String text) {
    try {
      return PinPolicy.parse(text).label();
    } catch (IllegalArgumentException e) {
      throw new UsageException("--pinning: " + e.getMessage());
    }
  }
}
