package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.replay.baseline.Baselines;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.TraceFormat;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr list}: what {@code --policy}, {@code --format} and {@code --workload} accept, read
 * from the selector registry and the format and workload tables (so it is never out of date).
 */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "List the policies (with parameters and defaults), trace formats and workload kinds.")
public final class ListCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    out.println("Policies (--policy NAME[:key=value,...]):");
    for (SelectorFactory f : SelectorRegistry.load().factories()) {
      out.printf("  %-10s %s%n", f.name(), f.description());
      for (ParameterSpec p : f.parameters()) {
        out.printf("  %10s   %s=%s: %s; %s%n", "", p.name(), p.defaultValue(), p.allowed(), p.description());
      }
    }
    Map<String, String> baselineHelp = Map.of(
        "lru", "least recently used (baseline, no parameters)",
        "opt", "Belady's MIN, the bound (baseline; reads each request's next access from oracleGeneral records, or from a pre-pass index on disk, 8 bytes a request)",
        "caffeine", "Caffeine's W-TinyLFU, maximumSize = frames (baseline)");
    for (String b : Baselines.names()) {
      out.printf("  %-10s %s%n", b, baselineHelp.getOrDefault(b, "baseline"));
      for (ParameterSpec p : Baselines.parameters(b)) {
        out.printf("  %10s   %s=%s: %s; %s%n", "", p.name(), p.defaultValue(), p.allowed(), p.description());
      }
    }
    out.println();
    out.println("Trace formats (--format):");
    for (TraceFormat f : TraceFormats.all()) out.printf("  %-14s %s%n", f.name(), f.description());
    out.println();
    out.println("Workloads (--workload KIND:requests=N,seed=S,...):");
    for (Map.Entry<String, String> k : Workloads.kinds().entrySet()) out.printf("  %-15s %s%n", k.getKey(), k.getValue());
    out.flush();
  }
}
