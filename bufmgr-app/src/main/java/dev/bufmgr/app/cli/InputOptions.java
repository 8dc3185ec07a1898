package dev.bufmgr.app.cli;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.replay.ReplayInput;
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
      description = "Trace format: text, lirs, arc, oracleGeneral[:pageSize=N], csv[:page=COL,sep=tab,header=false,...], "
          + "msr[:pageSize=N], binary, lcs, vscsi. Default: told by the file's header (lcs, .bft) or name "
          + "(.oracleGeneral[.bin], .lcs, .vscsi, .csv, .tsv, .bft, .trace, .arc, .txt; each also .gz/.zst).")
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

  /** The workload spec parsed; a fault in it is reported naming the flag and the spec. */
  private Workloads.Workload parsedWorkload() {
    try {
      return Workloads.parse(workload);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--workload " + workload + ": " + e.getMessage());
    }
  }

  /** A fresh source of the input's events, for streaming (conversion). */
  public EventSource open() {
    check();
    return trace != null ? TraceFormats.open(trace, format) : parsedWorkload().open();
  }

  /** The input, to be streamed (each pass opens it afresh). */
  public ReplayInput input() {
    check();
    if (trace != null) return ReplayInput.ofFile(trace, format);
    return ReplayInput.ofWorkload(parsedWorkload());
  }
}
