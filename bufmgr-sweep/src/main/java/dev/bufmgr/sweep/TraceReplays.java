package dev.bufmgr.sweep;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.catalog.PolicyCatalog;
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
   * Replays {@code task} reading the trace at {@code local} (the task's trace itself, or a local
   * copy of it) on at most {@code workers} threads.
   *
   * @param known the trace's facts when already counted (their digest and length must be this
   *     file's), or null to count them
   */
  public static Outcome run(TraceTask task, Path local, int workers, TraceFacts known) {
    TraceFacts facts = known;
    try {
      ReplayInput input = ReplayInput.ofFile(local, task.format());
      if (facts == null) facts = count(task, local, input);
      return new Outcome(replay(task, input, workers, facts), facts);
    } catch (RuntimeException e) {
      return new Outcome(List.of(failure(task, facts, reason(task, e))), facts);
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
        reason == null ? "failed without a message" : reason);
  }

  /**
   * The trace's facts, counted by a pass over {@code local}.
   *
   * @throws IllegalArgumentException or {@link UncheckedIOException} when the trace cannot be read
   */
  public static TraceFacts count(TraceTask task, Path local) {
    return count(task, local, ReplayInput.ofFile(local, task.format()));
  }

  /** The digest and length of the file, and its requests and footprint from a survey pass. */
  private static TraceFacts count(TraceTask task, Path local, ReplayInput input) {
    byte[] digest;
    long bytes;
    try {
      digest = Hashes.sha256(local);
      bytes = Files.size(local);
    } catch (IOException e) {
      throw new UncheckedIOException(task.trace() + ": cannot read: " + IoReasons.of(e), e);
    }
    InputFacts f = input.facts();
    return new TraceFacts(Hashes.hex(digest, 64), bytes, f.requests(), f.distinctPages());
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
    List<ReplayResult> results = replayed.isEmpty() ? List.of()
        : ReplayRunner.onePass(input, policies, replayed, workers);
    List<SweepRow> rows = new ArrayList<>();
    for (int p = 0; p < policies.size(); p++) {
      String policy = policies.get(p).name();
      for (SweepSize s : task.sizes()) {
        long f = framesOf.get(s);
        String id = ConfigIds.of(facts, policy, s, f);
        if (f < SweepSize.MIN_FRAMES) {
          rows.add(new SweepRow(id, task.dataset(), task.trace(), task.format(), facts.requests(), facts.footprint(), policy,
              s.text(), f, s.fraction(), 0, 0, Double.NaN, 0, SweepRow.SKIPPED,
              "size " + s.text() + " gives " + f + " frames, below " + SweepSize.MIN_FRAMES));
          continue;
        }
        ReplayResult r = results.get(p * replayed.size() + replayed.indexOf((int) f));
        rows.add(new SweepRow(id, task.dataset(), task.trace(), task.format(), r.requests(), facts.footprint(), policy,
            s.text(), f, s.fraction(), r.hits(), r.misses(), r.requests() == 0 ? Double.NaN : r.misses() / (double) r.requests(),
            r.seconds(), SweepRow.OK, null));
      }
    }
    return rows;
  }
}
