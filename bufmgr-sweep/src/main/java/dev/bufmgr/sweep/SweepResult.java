package dev.bufmgr.sweep;

import java.io.Serializable;
import java.util.Map;

/**
 * A row of a sweep's results, of either kind of task: a trace replay's {@link SweepRow} or a
 * pipeline run's {@link PipelineRow}. The results folder keeps rows as JSON lines and Parquet
 * reads them by name, so a row needs only its values, its status and its reason.
 */
public interface SweepResult extends Serializable {
  /** {@link SweepRow#OK}, {@link SweepRow#SKIPPED} or {@link SweepRow#FAILED}. */
  String status();

  /** Why the row has no result, or null. */
  String reason();

  /** The row's values by column name, in column order (a value that is not a number is null). */
  Map<String, Object> values();

  /** The row as one JSON line (without the line break). */
  String toJson();

  /** Whether the row is its task's failure. */
  default boolean failed() {
    return SweepRow.FAILED.equals(status());
  }
}
