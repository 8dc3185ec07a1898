package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.ForkFlags;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The JMH options of a {@link BenchRunner} run: the user's command line (plain JMH options) with
 * this project's defaults where the user gave none. The defaults are a JSON result file under
 * {@code results/} whose name carries the configuration (benchmarks, threads, {@code -p} values,
 * time stamp), and the fork flags of {@link ForkFlags} appended to any the user gave.
 */
public final class RunOptions {
  /** The folder default result files go to. */
  public static final Path RESULTS_DIR = Path.of("results");

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final int MAX_NAME_PART = 120;

  private RunOptions() {}

  /**
   * The options to run with.
   *
   * @param args the command line, for the {@code -p} values to name the file after
   * @param cmd the same command line parsed by JMH
   * @param now the time stamp for a default result file name
   */
  public static Options build(String[] args, CommandLineOptions cmd, Instant now) {
    OptionsBuilder builder = new OptionsBuilder();
    builder.parent(cmd);
    ResultFormatType format = cmd.getResultFormat().orElse(ResultFormatType.JSON);
    if (!cmd.getResultFormat().hasValue()) builder.resultFormat(format);
    if (!cmd.getResult().hasValue()) {
      builder.result(RESULTS_DIR.resolve(defaultResultName(args, cmd, format, now)).toString());
    }
    builder.jvmArgsAppend(forkArgs(cmd.getJvmArgsAppend().orElse(List.of())).toArray(String[]::new));
    return builder.build();
  }

  /** Whether {@link #build} puts the result file under {@link #RESULTS_DIR}. */
  public static boolean usesDefaultResultFile(CommandLineOptions cmd) {
    return !cmd.getResult().hasValue();
  }

  /** The user's appended JVM arguments followed by those of {@link ForkFlags} they lack. */
  static List<String> forkArgs(Collection<String> given) {
    List<String> out = new ArrayList<>(given);
    for (String flag : ForkFlags.ALL) {
      if (!out.contains(flag)) out.add(flag);
    }
    return out;
  }

  /**
   * A result file name such as {@code jmh-EvictionBenchmark-t2-selector=gclock_batch=64-20261129T214500Z.json}:
   * the benchmark patterns (all when none), the thread count ({@code tmax} for {@code -t max}), the
   * {@code -p} values in command-line order, and the UTC time stamp.
   */
  static String defaultResultName(String[] args, CommandLineOptions cmd, ResultFormatType format, Instant now) {
    StringBuilder name = new StringBuilder("jmh-");
    List<String> includes = cmd.getIncludes();
    name.append(includes.isEmpty() ? "all" : String.join("+", includes));
    int threads = cmd.getThreads().orElse(1);
    name.append("-t").append(threads <= 0 ? "max" : Integer.toString(threads));
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-p")) name.append('-').append(args[++i]);
    }
    String config = sanitize(name.toString());
    if (config.length() > MAX_NAME_PART) config = config.substring(0, MAX_NAME_PART);
    return config + "-" + STAMP.format(now) + "." + format.toString().toLowerCase(Locale.ROOT);
  }

  /** Keeps letters, digits and {@code . _ = , + -}; anything else becomes {@code _}. */
  static String sanitize(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || ".=,+-_".indexOf(c) >= 0;
      sb.append(keep ? c : '_');
    }
    return sb.toString();
  }
}
