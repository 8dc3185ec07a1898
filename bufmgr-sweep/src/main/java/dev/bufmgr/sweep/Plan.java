package dev.bufmgr.sweep;

import java.util.List;

/**
 * What a results folder holds a sweep of: its tasks, its {@link #id} and description (a rerun
 * with the same description resumes, another is refused), and how its rows read back. {@link
 * SweepPlan} for traces, {@link PipelinePlan} for pipeline configurations.
 */
public interface Plan {
  /** A stable hash of everything the sweep covers. */
  String id();

  /** The description kept as the folder's {@code sweep.json}: its id and what it covers. */
  String describe();

  /** The tasks, in order. */
  List<? extends SweepTask> tasks();

  /**
   * The row a JSON line of this sweep's holds.
   *
   * @throws IllegalArgumentException when the line is not such a row
   */
  SweepResult row(String jsonLine);
}
