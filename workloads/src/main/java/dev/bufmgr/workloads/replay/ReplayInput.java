package dev.bufmgr.workloads.replay;

import dev.bufmgr.workloads.event.EventSource;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.synth.Workloads;

/**
 * What a replay reads: a trace file (with its format) or a synthetic workload (with its seed),
 * loaded into memory once and replayed under every policy and size.
 *
 * @param trace the events
 * @param file the trace file as given, or null for a workload
 * @param format the trace format spec, or null for a workload
 * @param workload the parsed workload, or null for a trace file
 */
public record ReplayInput(EventTrace trace, String file, String format, Workloads.Workload workload) {

  /** The name for result rows: the file or the canonical spec. */
  public String label() {
    return workload != null ? workload.canonical() : file;
  }

  /** The seed of a synthetic workload, or null for a trace. */
  public Long seed() {
    return workload != null ? workload.seed() : null;
  }

  /**
   * The stream of replay thread {@code t} for a concurrent run: the workload drawn with seed
   * seed+t, or the trace read from offset t x size / threads (wrapping around).
   */
  public EventSource streamFor(int t, int threads) {
    if (workload != null) return workload.open(workload.seed() + t);
    return trace.source((int) ((long) t * trace.size() / threads));
  }
}
