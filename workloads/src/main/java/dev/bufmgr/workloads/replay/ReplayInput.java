package dev.bufmgr.workloads.replay;

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
   * The events of replay thread {@code t} in a concurrent run: the workload drawn with seed
   * seed+t, or the trace itself (shared, not copied; see {@link #startFor}).
   */
  public EventTrace traceFor(int t) {
    return workload != null ? EventTrace.load(workload.open(workload.seed() + t)) : trace;
  }

  /**
   * Where thread {@code t} of {@code threads} starts in its events: 0 for a workload, offset
   * t x size / threads for a shared trace (it then wraps around to the start).
   */
  public int startFor(int t, int threads) {
    return workload != null ? 0 : (int) ((long) t * trace.size() / threads);
  }
}
