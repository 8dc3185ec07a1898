package dev.bufmgr.pipeline.run;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.stream.BlockFeed;
import dev.bufmgr.workloads.stream.EventBlock;
import dev.bufmgr.workloads.stream.FactsCounter;
import dev.bufmgr.workloads.synth.SyntheticSource;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.nio.file.Path;
import java.util.Set;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * What the pipeline runs: a synthetic workload (endless unless its spec gives {@code requests};
 * the run's own bound ends it) or a trace file, opened afresh for every run. It must carry
 * transactions.
 */
public final class PipelineInput {
  private final Workloads.Workload workload;
  private final Path trace;
  private final String format;
  private final String name;

  private PipelineInput(Workloads.Workload workload, Path trace, String format) {
    this.workload = workload;
    this.trace = trace;
    this.format = format;
    try (EventSource s = open()) {
      this.name = s.name();
      if (!s.carries().contains(EventField.TRANSACTIONS)) {
        throw new IllegalArgumentException(
            "the pipeline runs transactions, which " + s.name() + " does not carry (use a tpcb workload, "
                + "or a trace with begin and commit events)");
      }
    }
  }

  /** A synthetic workload, e.g. {@code tpcb:scale=10}. */
  public static PipelineInput workload(String spec) {
    return new PipelineInput(Workloads.parse(spec), null, null);
  }

  /** A trace file in {@code format} ({@code null}: the format its header or name tells, see {@link TraceFormats#choose}). */
  public static PipelineInput trace(Path file, String format) {
    return new PipelineInput(null, file, TraceFormats.choose(file, format).spec());
  }

  /** A fresh source of the input's events. */
  public EventSource open() {
    return workload != null ? workload.openForPipeline() : TraceFormats.open(trace, format);
  }

  /** The input's name in result rows: the canonical spec or the file. */
  public String name() {
    return name;
  }

  /** The seed of a synthetic workload, or null for a trace. */
  public Long seed() {
    return workload != null ? workload.seed() : null;
  }

  /**
   * The pages of the input's data: what the workload declares, or a trace's distinct pages (one
   * streaming pass over it, counted by workloads' {@link FactsCounter} on a {@link BlockFeed}).
   *
   * @throws IllegalArgumentException for a workload whose size is not known
   */
  public long dataPages() {
    if (workload != null) {
      long p = ((SyntheticSource) open()).dataPages();
      if (p < 0) throw new IllegalArgumentException(name + ": its size is not known, so --frames cannot be a percentage");
      return p;
    }
    FactsCounter counter = new FactsCounter(Set.of());
    IdleStrategy idle = new BackoffIdleStrategy();
    try (BlockFeed feed = new BlockFeed(TraceFormats.open(trace, format), 1, null).start()) {
      for (EventBlock b; (b = feed.take(0, idle)) != null; ) {
        counter.accept(b);
        feed.release(b);
      }
    }
    return counter.facts().distinctPages();
  }
}
