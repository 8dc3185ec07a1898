package dev.bufmgr.workloads.cli;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.replay.ReplayInput;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The input options shared by the commands that read events: {@code --trace FILE --format FMT}
 * or {@code --workload SPEC}, exactly one of them.
 */
public final class InputOptions {
  @Option(names = "--trace", paramLabel = "FILE", description = "Trace file (.gz and .zst are decompressed).")
  Path trace;

  @Option(
      names = "--format",
      paramLabel = "FMT",
      description = "Trace format: text, lirs, arc, oracleGeneral, csv[:page=COL,op=COL,...], msr[:pageSize=N], binary. "
          + "Optional for *.bft files.")
  String format;

  @Option(
      names = "--workload",
      paramLabel = "SPEC",
      description = "Synthetic workload, e.g. zipf:pages=1000000,theta=0.99,requests=10000000,seed=7 "
          + "(kinds: uniform, zipf, hotset, scan, loop, pgbench-select, mix).")
  String workload;

  private void check() {
    if ((trace == null) == (workload == null)) throw new CliFailure("give exactly one of --trace FILE or --workload SPEC");
    if (workload != null && format != null) throw new CliFailure("--format applies to --trace only");
  }

  /** A fresh source of the input's events, for streaming (conversion). */
  public EventSource open() {
    check();
    return trace != null ? TraceFormats.open(trace, format) : Workloads.parse(workload).open();
  }

  /** The input loaded into memory. */
  public ReplayInput load() {
    check();
    if (trace != null) {
      EventTrace t = EventTrace.load(TraceFormats.open(trace, format));
      return new ReplayInput(t, trace.toString(), format == null ? "binary" : format, null);
    }
    Workloads.Workload w = Workloads.parse(workload);
    Capacity.requireHeap("--workload " + workload + ": requests", w.requests(), EventTrace.BYTES_PER_EVENT,
        "replay holds the whole trace in memory, " + EventTrace.BYTES_PER_EVENT + " B a request");
    return new ReplayInput(EventTrace.load(w.open()), null, null, w);
  }
}
