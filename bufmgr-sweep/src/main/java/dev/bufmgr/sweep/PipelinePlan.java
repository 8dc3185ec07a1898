package dev.bufmgr.sweep;

import dev.bufmgr.results.report.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pipeline sweep: one {@link PipelineTask} per configuration of its {@code --pipeline} specs
 * ({@link PipelineSpecs}). Its {@link #id} is a hash of every task's configuration id, so a rerun
 * with the same configurations (however the specs spell them) resumes in its folder.
 *
 * @param tasks the configurations, in order
 * @param specs the {@code --pipeline} specs as given
 */
public record PipelinePlan(List<PipelineTask> tasks, List<String> specs) implements Plan {
  public PipelinePlan {
    tasks = List.copyOf(tasks);
    specs = List.copyOf(specs);
  }

  @Override
  public String id() {
    StringBuilder sb = new StringBuilder("pipeline\n");
    for (PipelineTask t : tasks) sb.append(t.key()).append('\n');
    return Hashes.hex(Hashes.sha256(sb.toString()), 16);
  }

  @Override
  public String describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sweep", id());
    m.put("kind", "pipeline");
    m.put("configurations", tasks.size());
    return Json.object(m);
  }

  @Override
  public PipelineRow row(String jsonLine) {
    return PipelineRow.fromJson(jsonLine);
  }
}
