package dev.bufmgr.spark;

import dev.bufmgr.sweep.Progress;
import dev.bufmgr.sweep.SweepEngine;
import dev.bufmgr.sweep.SweepStore;
import dev.bufmgr.sweep.SweepTask;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * One run of the Spark engine: a session (the one already made in this JVM, as by a program
 * spark-submit ran, whose master and settings then hold; else a new one, stopped at the end), one Spark partition per pending task, and one job over them whose result handler runs
 * on the driver as each partition's result arrives. Spark calls that handler once per partition
 * whatever it retried (a task rerun after its executor was lost, a speculative copy), so each
 * task's rows go into the results folder once ({@link SweepStore#record}, written whole and
 * renamed), as soon as the task is done: a driver killed midway keeps every finished task, and a
 * rerun resumes like the local engine's. The rows are then written out as every engine's are
 * ({@link dev.bufmgr.sweep.Sweep#run}: JSONL and Parquet partitioned by dataset), on the driver,
 * so {@code --out} can be a local folder of the driver's machine whatever the cluster.
 */
final class SparkSweepJob {
  private SparkSweepJob() {}

  static void run(SweepStore store, List<? extends SweepTask> pending, Map<String, String> options, PrintStream progress) {
    String master = options.get(SparkSweepEngine.MASTER);
    if (master == null && System.getProperty("spark.master") == null) master = "local[*]";
    scala.Option<SparkSession> made = SparkSession.getActiveSession();
    if (made.isEmpty()) made = SparkSession.getDefaultSession();
    boolean own = made.isEmpty();
    SparkSession spark = own ? session(store, master, options) : made.get();
    try {
      if (!pending.isEmpty()) runTasks(spark.sparkContext(), store, pending, progress);
    } finally {
      if (own) spark.stop();
    }
  }

  private static SparkSession session(SweepStore store, String master, Map<String, String> options) {
    SparkSession.Builder b = SparkSession.builder().appName("bufmgr sweep " + store.plan().id());
    if (master != null) b.master(master);
    options.forEach((k, v) -> {
      if (k.startsWith("spark.")) b.config(k, v);
    });
    String jars = codeJars();
    if (!options.containsKey("spark.jars") && master != null && !master.startsWith("local") && !jars.isEmpty()) {
      b.config("spark.jars", jars);
    }
    try {
      return b.getOrCreate();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("--engine spark: cannot start a Spark session" + (master == null ? "" : " on " + master)
          + ": " + firstLine(e.getMessage()), e);
    }
  }

  /**
   * The jar files holding bufmgr's classes (the program's jar, this module's), which a cluster's
   * executors need; none when the classes come from folders (a build tree, whose executors on the
   * same machine are given them by {@code spark.executor.extraClassPath}).
   */
  private static String codeJars() {
    Set<String> jars = new LinkedHashSet<>();
    for (Class<?> c : List.of(SweepEngine.class, SparkSweepJob.class)) {
      try {
        var src = c.getProtectionDomain().getCodeSource();
        if (src == null) continue;
        Path p = Path.of(src.getLocation().toURI());
        if (Files.isRegularFile(p)) jars.add(p.toString());
      } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
        // a class from no file: nothing to ship
      }
    }
    return String.join(",", jars);
  }

  private static void runTasks(SparkContext sc, SweepStore store, List<? extends SweepTask> pending, PrintStream progress) {
    ExecutorLossReport losses = new ExecutorLossReport(progress);
    sc.addSparkListener(losses);
    JavaRDD<SweepTask> tasks = JavaSparkContext.fromSparkContext(sc).parallelize(new ArrayList<>(pending), pending.size());
    Progress meter = new Progress(progress, pending.size());
    try {
      sc.runJob(tasks.rdd(), new ReplayOnExecutor(), new Keep(store, meter), ClassTag$.MODULE$.apply(ArrayList.class));
    } catch (RuntimeException e) {
      throw new IllegalStateException("--engine spark: the Spark job failed: " + firstLine(e.getMessage())
          + " (finished tasks are kept; a rerun resumes)", e);
    } finally {
      sc.removeSparkListener(losses);
    }
  }

  /** The driver's handler of each partition's result: the rows into the folder, then the progress line. */
  private static final class Keep extends AbstractFunction2<Object, ArrayList<TaskResult>, BoxedUnit> {
    private final SweepStore store;
    private final Progress meter;

    Keep(SweepStore store, Progress meter) {
      this.store = store;
      this.meter = meter;
    }

    @Override
    public BoxedUnit apply(Object partition, ArrayList<TaskResult> results) {
      for (TaskResult r : results) {
        store.record(r.task(), r.rows());
        meter.finished(r.task(), r.rows());
      }
      return BoxedUnit.UNIT;
    }
  }

  static String firstLine(String s) {
    if (s == null) return "no message";
    String t = s.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
