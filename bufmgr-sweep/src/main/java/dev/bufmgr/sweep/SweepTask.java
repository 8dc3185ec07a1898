package dev.bufmgr.sweep;

import java.io.Serializable;

/**
 * One unit of a sweep's work, run by an engine on one machine and recorded whole: the one-pass
 * replay of a trace's configurations ({@link TraceTask}) or one pipeline configuration ({@link
 * PipelineTask}). A record of plain values, so an engine can ship it by Java serialization.
 */
public sealed interface SweepTask extends Serializable permits TraceTask, PipelineTask {
  /** The task's name in the results folder: the same task of the same sweep has the same key on every run. */
  String key();

  /** What the task is, for progress lines: the trace as named, or the pipeline configuration in short. */
  String label();
}
