/**
 * The sweep on Apache Spark 4.2 (Scala 2.13): the engine {@code spark} ({@link
 * dev.bufmgr.spark.SparkSweepEngine}), found by {@link java.util.ServiceLoader} when this module's
 * jar and Spark's are on the class path. Each trace's task ({@link dev.bufmgr.sweep.TraceTask}, a
 * Java-serialized record) is one Spark task running {@link dev.bufmgr.sweep.TraceReplays#run} on an
 * executor, as each pipeline configuration's ({@link dev.bufmgr.sweep.PipelineTask}) is one running
 * {@link dev.bufmgr.sweep.PipelineTasks#run}; the driver keeps each task's rows once in the results
 * folder and writes the rows as Parquet (a trace sweep's partitioned by dataset). Spark is a provided dependency: the program's jar stays small.
 *
 * <p>Two ways to run it:
 *
 * <pre>
 *   ./mvnw -B -DskipTests package -pl bufmgr-app,bufmgr-spark -am
 *   ./bufmgr sweep --engine spark --master local[4] --traces traces/ --out results/sweep1
 *
 *   spark-submit --master spark://HOST:7077 --class dev.bufmgr.app.cli.BufmgrCommand \
 *     --jars bufmgr-spark/target/bufmgr-spark-0.1.0-SNAPSHOT.jar \
 *     bufmgr-app/target/bufmgr.jar sweep --engine spark --traces @traces.txt --out results/sweep1
 * </pre>
 *
 * where {@code traces.txt} names one trace a line, a local path or a URI such as {@code
 * hdfs://NAMENODE/traces/msr/src1_0.oracleGeneral.zst}, optionally followed by a tab and its
 * dataset (a URI is one trace: folders of other file systems are not listed).
 *
 * The launcher reads Spark's jars from {@code bufmgr-spark/target/spark-classpath.txt} (written
 * at package time) and runs Spark with its module options on JDK 25. Under spark-submit (which
 * ships both jars to the executors and makes them the application's class path) the
 * session is spark-submit's (its master and settings), {@code --out} is a folder of the driver's
 * machine, and trace paths are Hadoop file-system URIs each executor can open.
 */
package dev.bufmgr.spark;
