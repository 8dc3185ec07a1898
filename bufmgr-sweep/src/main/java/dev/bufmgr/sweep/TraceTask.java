package dev.bufmgr.sweep;

import java.io.Serial;
import java.util.List;

/**
 * One task of a sweep: every configuration (policy x size) of one trace, replayed in one pass.
 * A record of strings and lists, so an engine can ship it to another machine by Java
 * serialization (Spark's task closures) and compare two sweeps' tasks for equality.
 *
 * @param trace the trace as the user named it: a local path or, on a distributed engine, a
 *     Hadoop file-system URI ({@code file://}, {@code hdfs://}, {@code s3a://})
 * @param format the trace format spec ({@code --format} grammar)
 * @param dataset the dataset the trace belongs to (its folder's name unless a list file named one)
 * @param policies the policy specs, in order
 * @param sizes the sizes, in order
 * @param sample the {@code --sample} spec (SHARDS with miniature simulation), or null for exact replay
 */
public record TraceTask(String trace, String format, String dataset, List<String> policies, List<SweepSize> sizes,
    String sample) implements SweepTask {
  @Serial private static final long serialVersionUID = 1L;

  public TraceTask {
    policies = List.copyOf(policies);
    sizes = List.copyOf(sizes);
  }

  /** A task of exact replay. */
  public TraceTask(String trace, String format, String dataset, List<String> policies, List<SweepSize> sizes) {
    this(trace, format, dataset, policies, sizes, null);
  }

  @Override
  public String label() {
    return trace;
  }

  /**
   * The task's name in the results folder: a hash of the trace as named, its format and dataset,
   * so the same sweep run again finds the tasks it finished (the configurations themselves are
   * the sweep's, checked by {@link SweepPlan#id}).
   */
  @Override
  public String key() {
    return Hashes.hex(Hashes.sha256(trace + '\n' + format + '\n' + dataset), 16);
  }
}
