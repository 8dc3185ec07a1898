package dev.bufmgr.sweep;

import dev.bufmgr.results.report.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep: one {@link TraceTask} per trace, every task with the same policies and sizes. Its
 * {@link #id} names it in its results folder, so a rerun of the same sweep resumes there and
 * another sweep is refused.
 *
 * @param tasks the tasks, in the order the traces were found
 * @param policies the policy specs as given
 * @param sizes the sizes
 * @param sample the {@code --sample} spec every task replays with, or null for exact replay
 */
public record SweepPlan(List<TraceTask> tasks, List<String> policies, List<SweepSize> sizes, String sample) implements Plan {
  public SweepPlan {
    tasks = List.copyOf(tasks);
    policies = List.copyOf(policies);
    sizes = List.copyOf(sizes);
  }

  /** The plan over the traces found, each with every policy and size, replayed exactly. */
  public static SweepPlan of(List<TraceDiscovery.Found> traces, List<String> policies, List<SweepSize> sizes) {
    return of(traces, policies, sizes, null);
  }

  /** The plan over the traces found, each with every policy and size, sampled by {@code sample} (or exact when null). */
  public static SweepPlan of(List<TraceDiscovery.Found> traces, List<String> policies, List<SweepSize> sizes, String sample) {
    if (policies.isEmpty()) throw new IllegalArgumentException("--policy: none given");
    List<TraceTask> tasks = new ArrayList<>();
    for (TraceDiscovery.Found f : traces) tasks.add(new TraceTask(f.trace(), f.format(), f.dataset(), policies, sizes, sample));
    return new SweepPlan(tasks, policies, sizes, sample);
  }

  /** A hash of every task's trace, format and dataset, the policies and the sizes. */
  @Override
  public String id() {
    StringBuilder sb = new StringBuilder();
    for (TraceTask t : tasks) sb.append(t.trace()).append('\t').append(t.format()).append('\t').append(t.dataset()).append('\n');
    sb.append(String.join("\n", policies)).append('\n');
    for (SweepSize s : sizes) sb.append(s.text()).append(',');
    if (sample != null) sb.append("\nsample ").append(sample);
    return Hashes.hex(Hashes.sha256(sb.toString()), 16);
  }

  /** The plan's description for the results folder's {@code sweep.json}: its id and what it covers. */
  @Override
  public String describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sweep", id());
    m.put("traces", tasks.size());
    m.put("policies", String.join(" ", policies));
    m.put("sizes", String.join(",", sizes.stream().map(SweepSize::text).toList()));
    m.put("configurations", (long) tasks.size() * policies.size() * sizes.size());
    if (sample != null) m.put("sample", sample);
    return Json.object(m);
  }

  @Override
  public SweepRow row(String jsonLine) {
    return SweepRow.fromJson(jsonLine);
  }
}
