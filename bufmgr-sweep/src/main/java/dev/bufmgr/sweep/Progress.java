package dev.bufmgr.sweep;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The sweep's progress line on stderr after each task (every engine's): tasks done of total, rows so far, the
 * requests replayed per second of wall time (each configuration's requests counted, as a one-pass
 * replay of 40 configurations replays every request 40 times) or, in a pipeline sweep, the
 * simulated transactions per second of wall time, and the time left at that pace.
 */
public final class Progress {
  private final PrintStream out;
  private final int total;
  private final long start = System.nanoTime();
  private int done;
  private long rows;
  private long requests;
  private long transactions;
  private int failed;

  public Progress(PrintStream out, int total) {
    this.out = out;
    this.total = total;
  }

  public synchronized void finished(SweepTask task, List<? extends SweepResult> taskRows) {
    done++;
    rows += taskRows.size();
    for (SweepResult r : taskRows) {
      if (r instanceof SweepRow s && s.ok()) requests += s.requests();
      if (r instanceof PipelineRow p && p.ok()) transactions += (long) p.number("transactions");
    }
    boolean bad = taskRows.stream().anyMatch(SweepResult::failed);
    if (bad) failed++;
    if (out == null) return;
    double seconds = (System.nanoTime() - start) / 1e9;
    double left = done == 0 ? 0 : seconds / done * (total - done);
    String pace = task instanceof PipelineTask
        ? String.format(Locale.ROOT, "%,.0f simulated txn/s", seconds > 0 ? transactions / seconds : 0.0)
        : String.format(Locale.ROOT, "%.1fM req/s", seconds > 0 ? requests / seconds / 1e6 : 0.0);
    out.printf(Locale.ROOT, "bufmgr: sweep [%d/%d] %s%s rows=%d %s ETA %s%n", done, total, task instanceof TraceTask t ? name(t.trace()) : task.label(),
        bad ? " FAILED" : "", rows, pace, clock(left));
    if (failed > 0 && done == total) out.printf(Locale.ROOT, "bufmgr: sweep: %d of %d tasks failed%n", failed, total);
  }

  private static String name(String trace) {
    String n = trace.substring(trace.lastIndexOf('/') + 1);
    return n.length() <= 40 ? n : n.substring(0, 37) + "...";
  }

  private static String clock(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60) : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
  }
}
