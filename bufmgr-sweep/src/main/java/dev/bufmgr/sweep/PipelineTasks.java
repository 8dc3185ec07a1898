package dev.bufmgr.sweep;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.wal.sim.ThinkTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link PipelineTask}: the one run {@code bufmgr pipeline} makes of that configuration in
 * the simulation ({@link PipelineRunner#run} on a fresh pool, log and device), its row made by
 * {@link PipelineRows#row} as the command's, with the configuration's id first. A run that cannot
 * be made or finished (a configuration the pool refuses, a policy that never releases a commit)
 * is the task's failure row.
 */
public final class PipelineTasks {
  /** What a buffer of a simulated pipeline pool costs: descriptors, mapping table and counters (as {@code bufmgr pipeline} counts it). */
  static final long BYTES_PER_FRAME = 64;

  private PipelineTasks() {}

  /** The heap the task's run needs, about: its pool's buffers. */
  public static long memoryBytes(PipelineTask task) {
    return task.frames() * BYTES_PER_FRAME;
  }

  /** The task's one row. */
  public static PipelineRow run(PipelineTask task) {
    ResultRow row;
    try {
      PipelineRunner.Outcome o = PipelineRunner.run(settings(task), PipelineInput.workload(task.workload()),
          PipelineDevice.parse(task.device(), false), List.of(Spec.parse("selector", task.selector())),
          List.of(ReleasePolicies.parse("commit", task.commit())), SelectorRegistry.load(), null).getFirst();
      row = PipelineRows.row(o.run(), o.result());
    } catch (IllegalArgumentException | IllegalStateException e) {
      return failure(task, task.label() + ": " + e.getMessage());
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("configId", task.key());
    m.putAll(row.fields());
    m.put("status", SweepRow.OK);
    m.put("reason", null);
    return new PipelineRow(m);
  }

  /** The failure row of {@code task}: its configuration, as a run's row names it, and the reason. */
  public static PipelineRow failure(PipelineTask task, String reason) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("configId", task.key());
    m.put("selector", task.selector());
    m.put("commit", task.commit());
    m.put("workload", task.workload());
    m.put("device", task.device());
    m.put("pageCache", task.pageCache());
    m.put("clock", "sim");
    m.put("frames", task.frames());
    m.put("clients", task.clients());
    m.put("fullPageWrites", task.fullPageWrites());
    m.put("checkpoint", task.checkpoint());
    m.put("bgwriter", task.bgwriter());
    m.put("rings", task.rings());
    m.put("seed", task.seed());
    m.put("status", SweepRow.FAILED);
    m.put("reason", reason);
    return new PipelineRow(m);
  }

  /** The settings of the task's run, as {@code bufmgr pipeline} makes them from the same options. */
  static PipelineSettings settings(PipelineTask t) {
    return new PipelineSettings(t.frames(), t.rings(), t.fullPageWrites(), t.clients(),
        new ThinkTime(Durations.parseNanos(t.think(), "think"), ThinkTime.Distribution.EXP),
        t.checkpoint().equals("off") ? null : CheckpointSettings.parse(t.checkpoint()),
        t.bgwriter().equals("off") ? null : BgWriterSettings.parse(t.bgwriter()), t.transactions(),
        Math.round(t.seconds() * 1e9), t.warmup(), Durations.parseNanos(t.interval(), "interval"), t.seed(), false,
        FlushMode.LEADER, PageCacheSettings.parse(t.pageCache()));
  }
}
