package dev.bufmgr.spark;

import dev.bufmgr.sweep.PipelineTask;
import dev.bufmgr.sweep.PipelineTasks;
import dev.bufmgr.sweep.SweepResult;
import dev.bufmgr.sweep.SweepTask;
import dev.bufmgr.sweep.TraceReplays;
import dev.bufmgr.sweep.TraceTask;
import java.io.Serial;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.deploy.SparkHadoopUtil;
import org.apache.spark.SparkEnv;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * The function a Spark task runs on its executor: each task of its partition (one, as the job
 * makes one partition per task): a pipeline configuration run by {@link PipelineTasks#run} (one
 * simulation on one core), or a trace replayed by {@link TraceReplays#run} on the task's cores
 * ({@code spark.task.cpus}), its trace opened through Hadoop's file systems ({@link
 * ExecutorTraces}). A trace that cannot be fetched gives the task's failure row, as an unreadable
 * local one does; only an error of the executor itself fails the Spark task, which Spark then
 * runs again elsewhere.
 */
final class ReplayOnExecutor extends AbstractFunction2<TaskContext, Iterator<SweepTask>, ArrayList<TaskResult>>
    implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  @Override
  public ArrayList<TaskResult> apply(TaskContext context, Iterator<SweepTask> tasks) {
    ArrayList<TaskResult> out = new ArrayList<>();
    while (tasks.hasNext()) {
      SweepTask task = tasks.next();
      List<SweepResult> rows = switch (task) {
        case TraceTask t -> List.copyOf(replay(t, Math.max(1, context.cpus())));
        case PipelineTask p -> List.of(PipelineTasks.run(p));
      };
      out.add(new TaskResult(task, rows));
    }
    return out;
  }

  private static List<dev.bufmgr.sweep.SweepRow> replay(TraceTask task, int workers) {
    try (ExecutorTraces.Local local = ExecutorTraces.open(task.trace(),
        SparkHadoopUtil.get().newConfiguration(SparkEnv.get().conf()))) {
      return TraceReplays.run(task, local.path(), workers, null).rows();
    } catch (UncheckedIOException | IllegalArgumentException e) {
      return List.of(TraceReplays.failure(task, null, e.getMessage()));
    }
  }
}
