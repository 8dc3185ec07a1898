package dev.bufmgr.sweep;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.facts.CharacterCounter;
import dev.bufmgr.replay.sample.SampledReplay;
import dev.bufmgr.replay.sample.SampledResult;
import dev.bufmgr.replay.sample.Sampling;
import dev.bufmgr.workloads.stream.InputFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one {@link TraceTask}: every policy at every size of one trace, all in one streaming pass
 * ({@link ReplayRunner#onePass}), giving one {@link SweepRow} per configuration. The method every
 * engine calls, on this machine or on a cluster's executor, so a row does not depend on where it
 * was made.
 *
 * <p>A size resolves against the trace's footprint (the distinct pages of a first pass, or the
 * facts known from an earlier one); a size below {@link SweepSize#MIN_FRAMES} frames gives a
 * {@value SweepRow#SKIPPED} row naming its frames. A task that cannot run (an unreadable or
 * malformed trace, a policy the trace cannot serve) gives one {@value SweepRow#FAILED} row whose
 * reason names the file, the record and the message; so does any other exception of the task (a
 * failed reader thread, a fault in a policy), with its class. The caller's sweep goes on; an
 * {@link Error} (out of memory) is the engine's to handle.
 */
public final class TraceReplays {
  private TraceReplays() {}

  /**
   * What a task gave: its rows, and the trace's facts (null when the task failed before counting them).
   *
   * @param rows one row per configuration, policy-major, or one failure row
   * @param facts the trace's facts
   */
  public record Outcome(List<SweepRow> rows, TraceFacts facts) {}

  /**
   * A trace's facts with the input they were counted on: an input that knows its facts replays
   * without counting them again in the pass.
   *
   * @param input the trace's input
   * @param facts its facts
   */
  public record Counted(ReplayInput input, TraceFacts facts) {}

  /**
   * Replays {@code task} reading the trace at {@code local} (the task's trace itself, or a local
   * copy of it) on at most {@code workers} threads.
   *
   * @param known the trace's facts when already counted (their digest and length must be this
   *     file's), or null to count them
   */
  public static Outcome run(TraceTask task, Path local, int workers, TraceFacts known) {
    Counted counted;
    try {
      counted = known == null ? count(task, local) : new Counted(ReplayInput.ofFile(local, task.format()), known);
    } catch (RuntimeException e) {
      return new Outcome(List.of(failure(task, known, reason(task, e))), known);
    }
    return run(task, counted, workers);
  }

  /** Replays {@code task} on the input its facts were counted on, on at most {@code workers} threads. */
  public static Outcome run(TraceTask task, Counted counted, int workers) {
    try {
      return new Outcome(replay(task, counted.input(), workers, counted.facts()), counted.facts());
    } catch (RuntimeException e) {
      return new Outcome(List.of(failure(task, counted.facts(), reason(task, e))), counted.facts());
    }
  }

  /**
   * Why {@code task} failed with {@code e}: the message of bad input (it names the file and
   * record), or the trace and the exception with its class for anything else.
   */
  public static String reason(TraceTask task, RuntimeException e) {
    if ((e instanceof IllegalArgumentException || e instanceof UncheckedIOException) && e.getMessage() != null) return e.getMessage();
    return task.trace() + ": " + e;
  }

  /** The one row of a task that failed, with {@code reason}. */
  public static SweepRow failure(TraceTask task, TraceFacts facts, String reason) {
    return new SweepRow(task.key(), task.dataset(), task.trace(), task.format(), facts == null ? 0 : facts.requests(),
        facts == null ? 0 : facts.footprint(), null, null, 0, Double.NaN, 0, 0, Double.NaN, 0, SweepRow.FAILED,
        reason == null ? "failed without a message" : reason, Double.NaN, facts == null ? null : facts.character());
  }

  /**
   * The trace's facts, counted by a pass over {@code local}.
   *
   * @throws IllegalArgumentException or {@link UncheckedIOException} when the trace cannot be read
   */
  public static Counted count(TraceTask task, Path local) {
    ReplayInput input = ReplayInput.ofFile(local, task.format());
    return new Counted(input, count(task, local, input));
  }

  /** The digest and length of the file, and its requests, footprint and character from one survey pass. */
  private static TraceFacts count(TraceTask task, Path local, ReplayInput input) {
    byte[] digest;
    long bytes;
    try {
      digest = Hashes.sha256(local);
      bytes = Files.size(local);
    } catch (IOException e) {
      throw new UncheckedIOException(task.trace() + ": cannot read: " + IoReasons.of(e), e);
    }
    CharacterCounter character = new CharacterCounter(input.carries());
    InputFacts f = input.facts(List.of(character));
    return new TraceFacts(Hashes.hex(digest, 64), bytes, f.requests(), f.distinctPages(), character.profile().character());
  }

  private static List<SweepRow> replay(TraceTask task, ReplayInput input, int workers, TraceFacts facts) {
    PolicyCatalog catalog = new PolicyCatalog(true);
    List<ReplayPolicy> policies = new ArrayList<>();
    for (String spec : task.policies()) policies.add(catalog.resolve(spec));
    Map<SweepSize, Long> framesOf = new LinkedHashMap<>();
    List<Integer> replayed = new ArrayList<>();
    for (SweepSize s : task.sizes()) {
      long f = s.framesFor(facts.footprint());
      framesOf.put(s, f);
      if (f >= SweepSize.MIN_FRAMES && !replayed.contains((int) f)) replayed.add((int) f);
    }
    Results results = task.sample() == null ? exact(input, policies, replayed, workers)
        : sampled(task, input, policies, replayed, workers);
    List<SweepRow> rows = new ArrayList<>();
    for (int p = 0; p < policies.size(); p++) {
      String policy = policies.get(p).name();
      for (SweepSize s : task.sizes()) {
        long f = framesOf.get(s);
        String id = ConfigIds.of(facts, policy, s, f, task.sample());
        String skipped = f < SweepSize.MIN_FRAMES ? "size " + s.text() + " gives " + f + " frames, below " + SweepSize.MIN_FRAMES
            : results.skipped(p * replayed.size() + replayed.indexOf((int) f));
        if (skipped != null) {
          rows.add(new SweepRow(id, task.dataset(), task.trace(), task.format(), facts.requests(), facts.footprint(), policy,
              s.text(), f, s.fraction(), 0, 0, Double.NaN, 0, SweepRow.SKIPPED, skipped, results.rate(), facts.character()));
          continue;
        }
        int i = p * replayed.size() + replayed.indexOf((int) f);
        ReplayResult r = results.of(i);
        rows.add(new SweepRow(id, task.dataset(), task.trace(), task.format(), r.requests(), facts.footprint(), policy,
            s.text(), f, s.fraction(), r.hits(), r.misses(), r.requests() == 0 ? Double.NaN : r.misses() / (double) r.requests(),
            r.seconds(), SweepRow.OK, results.doubt(i), results.rate(), facts.character()));
      }
    }
    return rows;
  }

  /**
   * A task's results, policy-major over the replayed sizes: each configuration's result, why one
   * has none (a sampled size whose miniature cache holds no frame), why one is not to be trusted
   * (a miniature cache below the floor), and the sample's rate (NaN for exact replay).
   */
  private record Results(List<ReplayResult> results, List<String> skips, List<String> doubts, double rate) {
    ReplayResult of(int i) {
      return results.get(i);
    }

    String skipped(int i) {
      return skips == null ? null : skips.get(i);
    }

    String doubt(int i) {
      return doubts == null ? null : doubts.get(i);
    }
  }

  private static Results exact(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int workers) {
    return new Results(frames.isEmpty() ? List.of() : ReplayRunner.onePass(input, policies, frames, workers), null, null,
        Double.NaN);
  }

  /**
   * SHARDS with miniature simulation ({@link SampledReplay}): the estimate's hits and misses, the
   * miss ratio adjusted for the sampled request count; a sample under {@link
   * SampledReplay#MIN_SAMPLED_PAGES} distinct pages fails the task, as {@code replay --sample} refuses it.
   */
  private static Results sampled(TraceTask task, ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames,
      int workers) {
    Sampling sampling = Sampling.parse(task.sample());
    SampledReplay.Outcome o = SampledReplay.onePass(input, sampling, policies, frames, workers);
    if (o.tooFewPages()) {
      throw new IllegalArgumentException(task.trace() + ": --sample " + task.sample() + " keeps " + o.sample().pages()
          + " distinct pages, fewer than the " + SampledReplay.MIN_SAMPLED_PAGES + " a sampled curve needs; raise the rate");
    }
    List<ReplayResult> results = new ArrayList<>();
    List<String> skips = new ArrayList<>();
    List<String> doubts = new ArrayList<>();
    for (SampledResult r : o.results()) {
      results.add(r.replayed() ? r.estimate() : null);
      skips.add(r.replayed() ? null : "a miniature cache of " + r.frames() + " x " + o.sample().rate() + " rounds to 0 frames");
      doubts.add(!r.replayed() || r.trusted() ? null
          : "untrusted estimate: a miniature cache of " + r.miniFrames() + " frames, below " + SampledReplay.MIN_MINI_FRAMES);
    }
    return new Results(results, skips, doubts, o.sample().rate());
  }
}
