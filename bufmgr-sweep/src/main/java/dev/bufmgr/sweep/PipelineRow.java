package dev.bufmgr.sweep;

import dev.bufmgr.results.report.Json;
import java.io.Serial;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of a pipeline sweep: {@code configId} (the task's {@link PipelineTask#key}), every field
 * {@code bufmgr pipeline} gives a run's row ({@link dev.bufmgr.pipeline.run.PipelineRows#row}:
 * the configuration, throughput, latencies, WAL bytes per transaction, full-page-image share,
 * page writes by backends, checkpointer and background writer, dirty evictions, hit ratios, the
 * selector's counters, ...), then {@code status} and {@code reason}. A failed task's row has the
 * configuration, {@value SweepRow#FAILED} and the reason. The columns are a run's own, so their
 * set is the union over the rows ({@link ParquetRows} types each by its values).
 *
 * @param values the row's fields in order
 */
public record PipelineRow(Map<String, Object> values) implements SweepResult {
  @Serial private static final long serialVersionUID = 1L;

  /** An unmodifiable copy of the fields. */
  public PipelineRow {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The configuration's id. */
  public String configId() {
    return (String) values.get("configId");
  }

  @Override
  public String status() {
    return (String) values.get("status");
  }

  @Override
  public String reason() {
    return (String) values.get("reason");
  }

  /** Whether the row holds a run's result. */
  public boolean ok() {
    return SweepRow.OK.equals(status());
  }

  /** A numeric field, or NaN when absent or not a number. */
  public double number(String name) {
    return values.get(name) instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  @Override
  public String toJson() {
    return Json.object(values);
  }

  /**
   * The row a JSON line holds.
   *
   * @throws IllegalArgumentException when the line is not a pipeline row (not flat JSON, or without configId or status)
   */
  public static PipelineRow fromJson(String line) {
    Map<String, Object> m = FlatJson.parse(line);
    if (!(m.get("configId") instanceof String)) throw new IllegalArgumentException("field 'configId' is missing");
    if (!(m.get("status") instanceof String)) throw new IllegalArgumentException("field 'status' is missing");
    return new PipelineRow(m);
  }
}
