package dev.bufmgr.sweep;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Where a sweep's tasks run: this machine's cores ({@link LocalSweepEngine}) or a cluster (an
 * engine another module registers with {@link java.util.ServiceLoader}, such as bufmgr-spark's).
 * Every engine runs each task with {@link TraceReplays#run} (a trace's) or {@link PipelineTasks#run}
 * (a pipeline configuration's) and hands its rows to {@link SweepStore#record} once, whatever it
 * retries, so a sweep's rows do not depend on its engine.
 */
public interface SweepEngine {
  /** The name {@code --engine} takes. */
  String name();

  /**
   * Refuses options this engine does not take or values it cannot use, before the sweep opens its
   * folder or reads a trace.
   *
   * @throws IllegalArgumentException naming the option and the reason
   */
  default void check(Map<String, String> options) {}

  /**
   * Runs {@code pending} (tasks of {@code store}'s plan not yet done), recording each task's rows
   * in {@code store} as it finishes; returns when every task has a row, or throws when the engine
   * itself failed (a task's own failure is its row).
   *
   * @param options the engine's own settings by name (e.g. Spark's master), validated by the engine
   * @param progress where progress lines go (stderr), or null for none
   */
  void run(SweepStore store, List<? extends SweepTask> pending, Map<String, String> options, PrintStream progress);
}
