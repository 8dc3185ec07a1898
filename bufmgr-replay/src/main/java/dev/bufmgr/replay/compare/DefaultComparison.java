package dev.bufmgr.replay.compare;

import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.workloads.synth.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in comparison of {@code bufmgr compare}, chosen for the claims in DESIGN.md:
 *
 * <ol>
 *   <li>pgbench -S under cache pressure: B-tree index sized to half of a 4000-frame pool, heap
 *       about three pools large; sizes around the index size (does a selector keep the index?).
 *   <li>A Zipf(0.99) OLTP stream over 100k pages with a concurrent sequential scan of 300k pages
 *       through the BULKREAD ring taking 20% of requests (scan resistance).
 *   <li>The LIRS {@code sprite} trace (Sprite network file system), at 1% to 40% of its distinct
 *       pages, when the shared traces are present.
 * </ol>
 */
public final class DefaultComparison {
  /** The pgbench-select workload. */
  public static final String PGBENCH = "pgbench-select:frames=4000,requests=1000000,seed=42";
  /** The Zipf stream with bulk scans. */
  public static final String ZIPF_WITH_SCANS =
      "mix:requests=1000000,seed=42,streams=0.8*zipf(pages=100000;theta=0.99)+0.2*scan(pages=300000)";
  /** The case name of the LIRS trace. */
  public static final String LIRS_SLUG = "lirs-sprite";
  /** The LIRS trace used. */
  public static final String LIRS_TRACE = "sprite.trace.gz";

  private DefaultComparison() {}

  /**
   * The cases; the LIRS one only when {@code lirsFolder} holds the trace. {@code requests}
   * replaces the synthetic workloads' request count when positive (a quicker, rougher look).
   */
  public static List<ComparisonCase> cases(Path lirsFolder, long requests) {
    String pgbench = withRequests(PGBENCH, requests);
    String zipf = withRequests(ZIPF_WITH_SCANS, requests);
    List<ComparisonCase> cases = new ArrayList<>();
    cases.add(new ComparisonCase("pgbench -S, index fits a 4000-frame pool, heap does not", "pgbench-select",
        () -> workload(pgbench), List.of("1000", "2000", "3000", "4000", "6000", "8000")));
    cases.add(new ComparisonCase("Zipf 0.99 OLTP with concurrent bulk scans (20% of requests)", "zipf-with-scans",
        () -> workload(zipf), List.of("2000", "5000", "10000", "20000", "40000")));
    if (lirsFolder != null && Files.isRegularFile(lirsFolder.resolve(LIRS_TRACE))) {
      Path file = lirsFolder.resolve(LIRS_TRACE);
      cases.add(new ComparisonCase("LIRS trace sprite (Sprite network file system)", LIRS_SLUG,
          () -> ReplayInput.ofFile(file, "lirs"),
          List.of("1%", "2%", "5%", "10%", "20%", "40%")));
    }
    return cases;
  }

  private static String withRequests(String spec, long requests) {
    return requests > 0 ? spec.replace("requests=1000000", "requests=" + requests) : spec;
  }

  private static ReplayInput workload(String spec) {
    return ReplayInput.ofWorkload(Workloads.parse(spec));
  }

  /**
   * The LIRS folder: {@code shared/traces/lirs} in the working directory or any folder above it,
   * or null when there is none.
   */
  public static Path findLirsFolder(Path from) {
    for (Path p = from.toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/traces/lirs");
      if (Files.isDirectory(candidate)) return candidate;
    }
    return null;
  }
}
