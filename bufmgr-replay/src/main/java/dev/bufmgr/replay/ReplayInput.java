package dev.bufmgr.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.stream.BlockConsumer;
import dev.bufmgr.workloads.stream.BlockFeed;
import dev.bufmgr.workloads.stream.CarriesNextAccess;
import dev.bufmgr.workloads.stream.NextAccessCheck;
import dev.bufmgr.workloads.stream.FactsCounter;
import dev.bufmgr.workloads.stream.InMemoryNextAccess;
import dev.bufmgr.workloads.stream.InputFacts;
import dev.bufmgr.workloads.stream.NextAccess;
import dev.bufmgr.workloads.stream.NextAccessFile;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a replay reads: a trace file (with its format), a synthetic workload (with its seed) or a
 * trace already in memory. Each {@link #open} gives a fresh stream of the same events, so a
 * replay streams the input (memory independent of its length) and can read it more than once:
 * a survey for the facts that sizes depend on ({@link #facts}), a pre-pass for next accesses, the
 * replay itself. Only the concurrent driver and the warm-up hold events in memory.
 */
public final class ReplayInput {
  private final Supplier<EventSource> opener;
  private final String label;
  private final String file;
  private final String format;
  private final String formatFrom;
  private final Workloads.Workload workload;
  private final EventTrace inMemory;
  private Set<EventField> carries;
  private InputFacts facts;
  private boolean carriedNextAccessUsable = true;

  private ReplayInput(Supplier<EventSource> opener, String label, String file, String format, String formatFrom,
      Workloads.Workload workload, EventTrace inMemory) {
    this.opener = opener;
    this.label = label;
    this.file = file;
    this.format = format;
    this.formatFrom = formatFrom;
    this.workload = workload;
    this.inMemory = inMemory;
  }

  /**
   * A trace file read with {@code format}; null: with the format its header or name tells ({@link
   * TraceFormats#choose}, refused at once when neither does).
   */
  public static ReplayInput ofFile(Path file, String format) {
    TraceFormats.Choice chosen = TraceFormats.choose(file, format);
    return new ReplayInput(() -> TraceFormats.open(file, chosen.spec()), file.toString(), file.toString(), chosen.spec(),
        chosen.inferred() ? chosen.from() : null, null, null);
  }

  /** A synthetic workload, drawn with its own seed. */
  public static ReplayInput ofWorkload(Workloads.Workload w) {
    return new ReplayInput(w::open, w.canonical(), null, null, null, w, null);
  }

  /** A trace in memory, named after the file it came from (and its format). */
  public static ReplayInput ofTrace(EventTrace trace, String file, String format) {
    return new ReplayInput(trace::source, file, file, format, null, null, trace);
  }

  /** The name for result rows: the file or the canonical spec. */
  public String label() {
    return label;
  }

  /** The trace file as given, or null for a workload. */
  public String file() {
    return file;
  }

  /** The trace format spec, or null for a workload. */
  public String format() {
    return format;
  }

  /**
   * How the format was told when {@code --format} did not give it ({@code header} or {@code file
   * name}), else null.
   */
  public String formatFrom() {
    return formatFrom;
  }

  /** The parsed workload, or null for a trace. */
  public Workloads.Workload workload() {
    return workload;
  }

  /** The seed of a synthetic workload, or null for a trace. */
  public Long seed() {
    return workload != null ? workload.seed() : null;
  }

  /** A fresh stream of the input's events. */
  public EventSource open() {
    return opener.get();
  }

  /** The optional fields the input's events carry (known without reading them). */
  public Set<EventField> carries() {
    if (carries == null) {
      try (EventSource s = open()) {
        carries = Set.copyOf(s.carries());
      }
    }
    return carries;
  }

  /**
   * The input's requests when known without a pass over it (counted by an earlier pass, set by
   * a workload's spec, announced by its source), else -1. A trace with transaction markers
   * announces its events, markers included.
   */
  public long knownLength() {
    if (facts != null) return facts.requests();
    if (workload != null) return workload.requests();
    try (EventSource s = open()) {
      return s.expectedCount();
    }
  }

  /** The facts, when a pass has counted them already; null otherwise. */
  public InputFacts knownFacts() {
    return facts;
  }

  /** The input's facts: counted by a survey pass over it the first time they are asked for. */
  public InputFacts facts() {
    return facts(List.of());
  }

  /**
   * The input's facts, with a pass that also feeds {@code alongside} (each on a thread of its
   * own, beside the facts counter): a survey that counts more than the facts reads the input
   * once. Without consumers and with the facts known, no pass is made.
   */
  public InputFacts facts(List<? extends BlockConsumer> alongside) {
    if (facts != null && alongside.isEmpty()) return facts;
    List<BlockConsumer> all = new ArrayList<>(alongside);
    FactsCounter counter = facts == null ? new FactsCounter(carries()) : null;
    if (counter != null) all.add(counter);
    OnePassReplay.run(open(), null, List.of(), all, all.size());
    if (counter != null) facts = counter.facts();
    return facts;
  }

  /** Remembers the facts a replay pass counted. */
  void learned(InputFacts counted) {
    if (facts == null) facts = counted;
  }

  /**
   * The source and next-access index for a pass: the next accesses the source carries
   * (oracleGeneral) unless a pass found them false ({@link #distrustCarriedNextAccess}), those of
   * a trace in memory, or a pre-pass index in {@code tmp}; none when {@code needed} is false.
   */
  Pass pass(boolean needed, Path tmp) {
    if (!needed) return new Pass(open(), null, null);
    if (inMemory != null) return new Pass(open(), new InMemoryNextAccess(inMemory), null);
    EventSource s = open();
    if (s instanceof CarriesNextAccess c && carriedNextAccessUsable) return new Pass(s, BlockFeed.carriedBy(c), c.nextAccessCheck());
    s.close();
    NextAccess index = NextAccessFile.build(open(), tmp);
    return new Pass(open(), index, null);
  }

  /** From now on, passes compute next accesses instead of taking those the source carries. */
  void distrustCarriedNextAccess() {
    carriedNextAccessUsable = false;
  }

  /**
   * A source to replay and, when asked for, its next accesses; {@code carriedCheck} is the check
   * of the next accesses the source carries, when the pass uses them (else null).
   */
  record Pass(EventSource source, NextAccess next, NextAccessCheck carriedCheck) {}

  /** The whole input in memory (read once, then kept), for the concurrent driver. */
  public EventTrace load() {
    return inMemory != null ? inMemory : EventTrace.load(open());
  }

  /** The first {@code n} events in memory (for warming a policy up). */
  public EventTrace prefix(int n) {
    return inMemory != null ? inMemory.prefix(n) : EventTrace.load(EventTrace.limit(open(), n));
  }

  /**
   * The events of replay thread {@code t} in a concurrent run: the workload drawn with seed
   * seed+t, or {@code shared} (the trace in memory, not copied; see {@link #startFor}).
   */
  public EventTrace traceFor(int t, EventTrace shared) {
    return workload != null ? EventTrace.load(workload.open(workload.seed() + t)) : shared;
  }

  /**
   * Where thread {@code t} of {@code threads} starts in its events: 0 for a workload, offset
   * t x size / threads for a shared trace (it then wraps around to the start).
   */
  public int startFor(int t, int threads, EventTrace shared) {
    return workload != null ? 0 : (int) ((long) t * shared.size() / threads);
  }
}
