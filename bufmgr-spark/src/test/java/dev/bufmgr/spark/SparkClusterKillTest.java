package dev.bufmgr.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.LocalSweepEngine;
import dev.bufmgr.sweep.Sweep;
import dev.bufmgr.sweep.SweepPlan;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepSize;
import dev.bufmgr.sweep.TraceDiscovery;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone Spark cluster on loopback, started from the Maven jars (a master and a worker with
 * two one-core executors; the worker's Spark home is a folder whose {@code jars/} links the test's
 * jars), a sweep submitted to it, and the executor running the first task killed by pid (SIGKILL)
 * while that task runs. The sweep must finish with every row once, equal to the local engine's.
 * In the Maven profile {@code spark-cluster}; the timeline goes to the test's output.
 */
class SparkClusterKillTest {
  @TempDir Path dir;

  private final long t0 = System.nanoTime();
  private final List<String> timeline = new CopyOnWriteArrayList<>();

  private void mark(String what) {
    String line = String.format(Locale.ROOT, "%7.2f s  %s", (System.nanoTime() - t0) / 1e9, what);
    timeline.add(line);
    System.out.println("timeline " + line);
  }

  @Test
  void anExecutorKilledWhileItsTaskRunsCostsOnlyTime() throws Exception {
    for (int i = 0; i < 8; i++) trace("ds" + (i % 2) + "/t" + i + ".trace", 300_000, 20_000 + 5_000 * i, i);
    SweepPlan plan = SweepPlan.of(TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null),
        List.of("lru", "gclock", "s3fifo", "opt:bypass=false"), SweepSize.parseList("0.01,0.05,0.2"));
    Sweep.Outcome local = Sweep.run(plan, dir.resolve("local"), false, new LocalSweepEngine(), Map.of(), null);
    mark("local engine done");

    String[] cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")).split(File.pathSeparator);
    Path home = Files.createDirectories(dir.resolve("spark-home/jars"));
    List<String> classDirs = new ArrayList<>();
    for (String e : cp) {
      Path p = Path.of(e);
      if (Files.isDirectory(p)) classDirs.add(p.toAbsolutePath().toString());
      else if (e.endsWith(".jar") && !Files.exists(home.resolve(p.getFileName()))) Files.createSymbolicLink(home.resolve(p.getFileName()), p);
    }
    int port = freePort();
    String url = "spark://127.0.0.1:" + port;
    List<Process> daemons = new ArrayList<>();
    try {
      daemons.add(daemon(home.getParent(), "master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
          "" + port, "--webui-port", "" + freePort()));
      daemons.add(daemon(home.getParent(), "worker", "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores",
          "2", "--memory", "2g", "--webui-port", "" + freePort(), "--work-dir", dir.resolve("work").toString(), url));
      mark("master and worker started");
      SparkSession spark = SparkSession.builder().master(url).appName("bufmgr kill test").config("spark.ui.enabled", "false")
          .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.executor.cores", "1").config("spark.cores.max", "2").config("spark.executor.memory", "768m")
          .config("spark.executor.extraClassPath", String.join(File.pathSeparator, classDirs))
          .config("spark.executor.extraJavaOptions", "-Dslf4j.provider=org.apache.logging.slf4j.SLF4JServiceProvider").getOrCreate();
      mark("session on " + url);
      AtomicBoolean killed = new AtomicBoolean();
      spark.sparkContext().addSparkListener(new SparkListener() {
        @Override
        public void onTaskStart(SparkListenerTaskStart e) {
          mark("task " + e.taskInfo().index() + " attempt " + e.taskInfo().attemptNumber() + " started on executor " + e.taskInfo().executorId());
          if (!killed.compareAndSet(false, true)) return;
          String id = e.taskInfo().executorId();
          ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend")
              && h.info().commandLine().orElse("").contains("--executor-id " + id + " ")).findFirst().ifPresent(h -> {
                h.destroyForcibly();
                mark("killed executor " + id + " (pid " + h.pid() + ") running task " + e.taskInfo().index());
              });
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd e) {
          mark("task " + e.taskInfo().index() + " attempt " + e.taskInfo().attemptNumber() + " ended on executor "
              + e.taskInfo().executorId() + ": " + e.reason().getClass().getSimpleName().replace("$", ""));
        }

        @Override
        public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
          mark("executor " + e.executorId() + " removed: " + e.reason());
        }
      });
      Sweep.Outcome cluster;
      try {
        cluster = Sweep.run(plan, dir.resolve("cluster"), false, new SparkSweepEngine(), Map.of(), null);
      } finally {
        spark.stop();
      }
      mark("sweep done: " + cluster.rows().size() + " rows");
      assertTrue(killed.get());
      assertTrue(timeline.stream().anyMatch(l -> l.contains("attempt 1 started")), String.join("\n", timeline));
      assertEquals(SparkSweepEngineTest.withoutTimes(local.rows()), SparkSweepEngineTest.withoutTimes(cluster.rows()));
      assertEquals(cluster.rows().size(), new HashSet<>(cluster.rows().stream().map(SweepRow::configId).toList()).size());
      assertEquals(cluster.rows().size(), Files.readAllLines(dir.resolve("cluster/results.jsonl")).size());
    } finally {
      for (Process p : daemons) p.destroy();
      for (Process p : daemons) p.waitFor();
      try (var links = Files.list(home)) {
        for (Path l : links.toList()) Files.delete(l); // the links only, before the temporary folder goes
      }
    }
  }

  private void trace(String rel, int n, int pages, long seed) throws IOException {
    Path p = dir.resolve("traces").resolve(rel);
    Files.createDirectories(p.getParent());
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) sb.append(r.nextInt(4) == 0 ? i % (pages / 2) : (int) (pages * Math.pow(r.nextDouble(), 3))).append('\n');
    Files.writeString(p, sb);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * A Spark daemon from the jars of {@code home}, with this JVM's module options, its log in the
   * test folder. The worker needs SPARK_HOME (its executors' class path is built from its jars/)
   * and SPARK_SCALA_VERSION (the launcher library looks for a build tree without it).
   */
  private Process daemon(Path home, String name, String main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElseThrow());
    List<String> jvm = ManagementFactory.getRuntimeMXBean().getInputArguments();
    for (int i = 0; i < jvm.size(); i++) {
      String a = jvm.get(i);
      if (a.equals("--add-opens") || a.equals("--add-exports")) {
        cmd.add(a);
        cmd.add(jvm.get(++i));
      } else if (a.startsWith("--add-") || a.startsWith("--enable-native-access") || a.startsWith("--sun-misc") || a.startsWith("-Dio.netty")) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-Dslf4j.provider=org.apache.logging.slf4j.SLF4JServiceProvider", "-Dslf4j.internal.verbosity=WARN", "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dspark.master.rest.enabled=false", "-cp", home.resolve("jars") + "/*", main));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
    pb.environment().put("SPARK_HOME", home.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    return pb.start();
  }
}
