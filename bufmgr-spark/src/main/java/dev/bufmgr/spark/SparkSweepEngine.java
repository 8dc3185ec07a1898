package dev.bufmgr.spark;

import dev.bufmgr.sweep.SweepEngine;
import dev.bufmgr.sweep.SweepStore;
import dev.bufmgr.sweep.SweepTask;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The sweep engine {@code spark}: each pending task is one Spark task that runs {@link
 * dev.bufmgr.sweep.TraceReplays#run} (a trace's) or {@link dev.bufmgr.sweep.PipelineTasks#run} (a
 * pipeline configuration's) on an executor, and the driver keeps each task's rows in the
 * results folder as its result arrives ({@link SparkSweepJob}). Registered for {@link
 * java.util.ServiceLoader}; this class names no Spark type, so it loads where Spark's jars are
 * missing and says so in one line instead of failing to link.
 *
 * <p>Options: {@code master} ({@code local[N]}, {@code spark://HOST:PORT}, {@code yarn},
 * {@code k8s://...}; default: the master spark-submit set, else {@code local[*]}), and any Spark
 * setting by its own name ({@code spark.executor.memory=4g}), passed to the session.
 */
public final class SparkSweepEngine implements SweepEngine {
  /** The engine's name for {@code --engine}. */
  public static final String NAME = "spark";
  /** The option naming the master. */
  public static final String MASTER = "master";

  @Override
  public String name() {
    return NAME;
  }

  /**
   * Refuses an option other than {@code master} and {@code spark.*}, a class path without Spark,
   * and a {@code spark://} master that accepts no connection ({@link SparkMasters}), each in one
   * line, before anything is written.
   */
  @Override
  public void check(Map<String, String> options) {
    for (String k : options.keySet()) {
      if (!k.equals(MASTER) && !k.startsWith("spark.")) {
        throw new IllegalArgumentException("--engine spark takes no option '" + k + "' (it takes: master, and Spark settings spark.*)");
      }
    }
    if (!sparkPresent()) {
      throw new IllegalArgumentException("--engine spark: Apache Spark's jars are not on the class path; build them with "
          + "'./mvnw -B -DskipTests package -pl bufmgr-spark -am' and run ./bufmgr again, or submit with spark-submit");
    }
    if (options.containsKey(MASTER)) SparkMasters.check(options.get(MASTER));
  }

  @Override
  public void run(SweepStore store, List<? extends SweepTask> pending, Map<String, String> options, PrintStream progress) {
    check(options);
    SparkSweepJob.run(store, pending, options, progress);
  }

  private static boolean sparkPresent() {
    try {
      Class.forName("org.apache.spark.sql.SparkSession", false, SparkSweepEngine.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
