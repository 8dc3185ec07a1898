package dev.bufmgr.spark;

import dev.bufmgr.sweep.SweepResult;
import dev.bufmgr.sweep.SweepTask;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;

/**
 * What one Spark task sends back to the driver: the task and its rows (Java serialization, as
 * both are records of plain values).
 *
 * @param task the task
 * @param rows its rows, or its one failure row
 */
record TaskResult(SweepTask task, List<SweepResult> rows) implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  TaskResult {
    rows = List.copyOf(rows);
  }
}
