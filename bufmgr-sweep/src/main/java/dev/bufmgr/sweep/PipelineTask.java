package dev.bufmgr.sweep;

import java.io.Serial;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One task of a pipeline sweep: one fully resolved configuration of {@code bufmgr pipeline} in
 * the simulation (virtual time), every component as its canonical spec, so the same
 * configuration written two ways is one task. Made by {@link PipelineSpecs}, run by {@link
 * PipelineTasks}.
 *
 * @param workload the workload's canonical spec, its seed included
 * @param selector the selector's canonical spec
 * @param commit the commit (release) policy's canonical spec
 * @param checkpoint the checkpoint settings' spec, or {@code off}
 * @param bgwriter the background writer's settings' spec, or {@code off}
 * @param device the device model's canonical spec
 * @param pageCache the operating system's page cache settings' spec, or {@code off} (the direct model)
 * @param frames buffers in the pool
 * @param clients closed-loop clients
 * @param think the think time between transactions, a duration (exponentially distributed)
 * @param fullPageWrites full_page_writes
 * @param rings whether bulk strategies use rings
 * @param transactions the run's transactions, warm-up included (0: by time)
 * @param seconds the run's virtual seconds, warm-up included (0: by transactions)
 * @param warmup the unmeasured first share of the run
 * @param interval the time series' interval, a duration
 * @param seed the run's seed
 */
public record PipelineTask(String workload, String selector, String commit, String checkpoint, String bgwriter, String device,
    String pageCache, int frames, int clients, String think, boolean fullPageWrites, boolean rings, long transactions, double seconds,
    double warmup, String interval, long seed) implements SweepTask {
  @Serial private static final long serialVersionUID = 1L;

  /** The configuration's fields by the names {@code --pipeline} gives them, in a fixed order. */
  public Map<String, Object> fields() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("workload", workload);
    m.put("selector", selector);
    m.put("commit", commit);
    m.put("checkpoint", checkpoint);
    m.put("bgwriter", bgwriter);
    m.put("device", device);
    m.put("pageCache", pageCache);
    m.put("frames", frames);
    m.put("clients", clients);
    m.put("think", think);
    m.put("fullPageWrites", fullPageWrites);
    m.put("rings", rings);
    m.put("transactions", transactions);
    m.put("seconds", seconds);
    m.put("warmup", warmup);
    m.put("interval", interval);
    m.put("seed", seed);
    return m;
  }

  /**
   * The configuration's id, also its key in the results folder: the first 16 hexadecimal digits
   * of the SHA-256 of every field, each as {@code name=value} on a line of its own, so the same
   * resolved configuration has the same id in any sweep and on any machine.
   */
  @Override
  public String key() {
    StringBuilder sb = new StringBuilder("pipeline\n");
    fields().forEach((k, v) -> sb.append(k).append('=').append(v instanceof Double d ? String.format(Locale.ROOT, "%s", d) : v)
        .append('\n'));
    return Hashes.hex(Hashes.sha256(sb.toString()), 16);
  }

  @Override
  public String label() {
    return selector.replaceAll(":.*", "") + " / " + commit.replaceAll(":.*", "") + " / " + workload.replaceAll(":.*", "")
        + " seed " + seed;
  }
}
