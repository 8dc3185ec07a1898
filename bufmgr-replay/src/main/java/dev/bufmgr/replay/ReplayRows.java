package dev.bufmgr.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.stream.InputFacts;
import dev.bufmgr.workloads.synth.PageClasses;

/**
 * Turns replay results into result rows with the fields documented for {@code bufmgr replay
 * --output jsonl}: policy, trace or workload, frames, requests, hits, misses, hitRatio,
 * evictions, ticksPerVictim, dirtyEvictions, seconds, timedRequests (the requests seconds covers),
 * requestsPerSecond, seed (for a policy that is not
 * reproducible, runs, hitRatioMin and hitRatioMax beside the mean), the selector's own counts
 * ({@code selector.ghostHits}, ...: see each selector's {@code counters()}; for {@code --pools}, each
 * pool's {@code pool.NAME.frames}, {@code .hits}, {@code .misses}, {@code .evictions} and {@code
 * .selector.*}), threads; then the rest of the
 * configuration (format, and formatFrom when the file's header or name told it; rings and strategies, how the policy treated access strategies, and
 * strategyRequests, how many of the input's requests carry one; distinctPages) and, where the input has more than one page class
 * and the policy counts them, hit ratios per page class ({@code hitRatio.heap}, ...).
 */
public final class ReplayRows {
  private ReplayRows() {}

  /** The row for one result. */
  public static ResultRow row(ReplayInput input, ReplayResult r, int threads, String strategies, InputFacts facts) {
    ResultRow row = new ResultRow();
    row.put("policy", r.policy());
    if (input.workload() != null) row.put("workload", input.label());
    else row.put("trace", input.label());
    row.put("frames", r.frames());
    row.put("requests", r.requests());
    row.put("hits", r.hits());
    row.put("misses", r.misses());
    row.put("hitRatio", r.hitRatio());
    row.put("evictions", r.evictions());
    row.put("ticksPerVictim", r.ticksPerVictim());
    row.put("dirtyEvictions", r.dirtyEvictions());
    row.put("seconds", r.seconds());
    row.put("timedRequests", r.timedRequests());
    row.put("requestsPerSecond", r.requestsPerSecond());
    row.put("seed", input.seed());
    if (r.spread() != null) {
      row.put("runs", r.spread().runs());
      row.put("hitRatioMin", r.spread().minHitRatio());
      row.put("hitRatioMax", r.spread().maxHitRatio());
    }
    r.selectorCounters().forEach((name, count) ->
        row.put(name.startsWith(PooledPolicy.COUNTER_PREFIX) ? name : "selector." + name, count));
    row.put("threads", threads);
    if (input.format() != null) row.put("format", input.format());
    if (input.formatFrom() != null) row.put("formatFrom", input.formatFrom());
    row.put("rings", strategies.equals("rings"));
    row.put("strategies", strategies);
    row.put("strategyRequests", facts.strategyRequests());
    row.put("distinctPages", facts.distinctPages());
    if (r.classHits() != null && r.classHits().length > 1
        && facts.carries().contains(EventField.PAGE_CLASSES)) {
      for (int c = 0; c < r.classHits().length; c++) {
        long n = r.classHits()[c] + r.classMisses()[c];
        if (n > 0) row.put("hitRatio." + PageClasses.name(c), r.classHits()[c] / (double) n);
      }
    }
    return row;
  }
}
