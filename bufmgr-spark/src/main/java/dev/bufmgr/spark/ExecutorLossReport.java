package dev.bufmgr.spark;

import java.io.PrintStream;
import java.util.Locale;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * Progress lines for what a cluster does to a sweep beyond finishing tasks: an executor lost
 * (its running tasks are run again elsewhere) and each task run again, so a user watching a
 * sweep sees why it slowed down.
 */
final class ExecutorLossReport extends SparkListener {
  private final PrintStream out;

  ExecutorLossReport(PrintStream out) {
    this.out = out;
  }

  @Override
  public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
    if (out != null) out.printf(Locale.ROOT, "bufmgr: sweep: executor %s lost (%s); its tasks run again%n", e.executorId(), e.reason());
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart e) {
    if (out != null && e.taskInfo().attemptNumber() > 0) {
      out.printf(Locale.ROOT, "bufmgr: sweep: task %d run again (attempt %d) on executor %s%n", e.taskInfo().index(),
          e.taskInfo().attemptNumber() + 1, e.taskInfo().executorId());
    }
  }
}
