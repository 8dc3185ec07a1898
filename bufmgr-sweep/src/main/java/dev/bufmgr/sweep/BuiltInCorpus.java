package dev.bufmgr.sweep;

import com.github.luben.zstd.ZstdOutputStream;
import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.OracleGeneralTraceWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The sweep's built-in corpus, so its main job runs without downloads: a few dozen seeded
 * synthetic traces of different kinds in six datasets (Zipf at several skews and footprints, Zipf
 * with loops mixed in, loops, hot sets, pgbench's select-only B-tree descents, uniform), written
 * once as zstd-compressed libCacheSim oracleGeneral files (which {@code cachesim} reads too) and
 * kept: a second sweep finds them made. Each file appears whole or not at all.
 */
public final class BuiltInCorpus {
  /** Requests per trace: enough for a curve over libCacheSim's eight sizes, small enough for a first run of a minute. */
  static final long REQUESTS = 200_000;

  /** The corpus's version: a change to the traces below is a new folder, never a changed file. */
  static final String VERSION = "v1";

  /**
   * A trace of the corpus.
   *
   * @param dataset its dataset (folder)
   * @param name its file name without the suffix
   * @param workload its workload spec, without requests and seed
   * @param seed its seed
   */
  record Entry(String dataset, String name, String workload, long seed) {}

  static final List<Entry> ENTRIES = List.of(
      new Entry("zipf", "zipf-0.6-20k", "zipf:pages=20000,theta=0.6", 11),
      new Entry("zipf", "zipf-0.8-20k", "zipf:pages=20000,theta=0.8", 12),
      new Entry("zipf", "zipf-0.9-20k", "zipf:pages=20000,theta=0.9", 13),
      new Entry("zipf", "zipf-0.99-20k", "zipf:pages=20000,theta=0.99", 14),
      new Entry("zipf", "zipf-0.6-100k", "zipf:pages=100000,theta=0.6", 15),
      new Entry("zipf", "zipf-0.8-100k", "zipf:pages=100000,theta=0.8", 16),
      new Entry("zipf", "zipf-0.9-100k", "zipf:pages=100000,theta=0.9", 17),
      new Entry("zipf", "zipf-0.99-100k", "zipf:pages=100000,theta=0.99", 18),
      new Entry("zipf-loops", "zipf-loop-10", "mix:streams=0.9*zipf(pages=50000;theta=0.9)+0.1*loop(pages=5000)", 21),
      new Entry("zipf-loops", "zipf-loop-20", "mix:streams=0.8*zipf(pages=50000;theta=0.9)+0.2*loop(pages=10000)", 22),
      new Entry("zipf-loops", "zipf-loop-30", "mix:streams=0.7*zipf(pages=50000;theta=0.8)+0.3*loop(pages=20000)", 23),
      new Entry("zipf-loops", "zipf-loop-50", "mix:streams=0.5*zipf(pages=50000;theta=0.99)+0.5*loop(pages=40000)", 24),
      new Entry("loops", "loop-2k", "loop:pages=2000", 31),
      new Entry("loops", "loop-20k", "loop:pages=20000", 32),
      new Entry("loops", "loop-uniform", "mix:streams=0.5*loop(pages=10000)+0.5*uniform(pages=10000)", 33),
      new Entry("loops", "loop-hotset", "mix:streams=0.6*loop(pages=30000)+0.4*hotset(pages=20000;hotPages=0.1;hotAccesses=0.9)", 34),
      new Entry("hotset", "hot-5-80", "hotset:pages=50000,hotPages=0.05,hotAccesses=0.8", 41),
      new Entry("hotset", "hot-5-95", "hotset:pages=50000,hotPages=0.05,hotAccesses=0.95", 42),
      new Entry("hotset", "hot-20-80", "hotset:pages=50000,hotPages=0.2,hotAccesses=0.8", 43),
      new Entry("hotset", "hot-20-95", "hotset:pages=50000,hotPages=0.2,hotAccesses=0.95", 44),
      new Entry("pgbench", "pgbench-select-s1", "pgbench-select:scale=1", 51),
      new Entry("pgbench", "pgbench-select-s2", "pgbench-select:scale=2", 52),
      new Entry("pgbench", "pgbench-select-s5", "pgbench-select:scale=5", 53),
      new Entry("pgbench", "pgbench-select-s10", "pgbench-select:scale=10", 54),
      new Entry("uniform", "uniform-10k", "uniform:pages=10000", 61),
      new Entry("uniform", "uniform-50k", "uniform:pages=50000", 62));

  /** The file suffix of the corpus's traces. */
  static final String SUFFIX = ".oracleGeneral.zst";

  private BuiltInCorpus() {}

  /**
   * The corpus's folder under {@code results}, every trace made that was not there yet (a line on
   * {@code progress} says so first).
   */
  public static Path ensure(Path results, PrintStream progress) {
    Path dir = results.resolve("sweep-corpus").resolve(VERSION);
    int missing = (int) ENTRIES.stream().filter(e -> !Files.isRegularFile(fileOf(dir, e))).count();
    if (missing == 0) return dir;
    if (progress != null) {
      progress.println("bufmgr: sweep: writing the built-in corpus (" + missing + " synthetic traces of " + REQUESTS
          + " requests) to " + dir + "; later sweeps reuse it");
    }
    for (Entry e : ENTRIES) {
      Path target = fileOf(dir, e);
      if (!Files.isRegularFile(target)) write(e, target);
    }
    return dir;
  }

  private static Path fileOf(Path dir, Entry e) {
    return dir.resolve(e.dataset()).resolve(e.name() + SUFFIX);
  }

  private static void write(Entry e, Path target) {
    Workloads.Workload w = Workloads.parse(e.workload() + (e.workload().contains(":") ? "," : ":") + "requests=" + REQUESTS + ",seed=" + e.seed());
    Path plain = null;
    try {
      Files.createDirectories(target.getParent());
      plain = TemporaryPaths.track(Files.createTempFile(target.getParent(), "." + e.name(), ".partial"));
      Files.delete(plain);
      OracleGeneralTraceWriter.write(w::open, plain, target.getParent());
      Path source = plain;
      AtomicOutput.writeWith(target, file -> {
        try (InputStream in = Files.newInputStream(source); OutputStream out = new ZstdOutputStream(Files.newOutputStream(file), 9)) {
          in.transferTo(out);
        }
      });
    } catch (IOException x) {
      throw new UncheckedIOException("cannot write the built-in corpus at " + target + ": " + IoReasons.of(x), x);
    } finally {
      TemporaryPaths.delete(plain);
    }
  }
}
