package dev.bufmgr.replay.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.baseline.OptBounds;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The summary's bounds on made-up rows: which OPT each policy is measured against. */
class ComparisonSummaryTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);
  private static final ComparisonCase CASE = new ComparisonCase("made up", "made-up", () -> null, List.of("100"));

  private static String summary(Map<String, Double> hitRatios) {
    List<ReplayPolicy> policies = new ArrayList<>();
    List<ResultRow> rows = new ArrayList<>();
    for (Map.Entry<String, Double> e : hitRatios.entrySet()) {
      ReplayPolicy p = CATALOG.resolve(e.getKey());
      policies.add(p);
      rows.add(new ResultRow().put("policy", p.name()).put("workload", "w").put("frames", 100).put("hitRatio", e.getValue()));
    }
    Map<ComparisonCase, List<ResultRow>> results = new LinkedHashMap<>();
    results.put(CASE, rows);
    return ComparisonSummary.markdown("", results, OptBounds.of(policies));
  }

  private static Map<String, Double> ratios(Object... pairs) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], (Double) pairs[i + 1]);
    return m;
  }

  @Test
  void poolSelectorsAreMeasuredAgainstDemandPagingAndCaffeineAgainstBypass() {
    String s = summary(ratios("gclock", 0.50, "lru", 0.45, "opt:bypass=false", 0.60, "opt:bypass=true", 0.70, "caffeine", 0.65));
    assertTrue(s.contains("Bounds: the policies that admit every miss (gclock:maxUsage=5,batch=1,hand=global, lru) against "
        + "`opt:bypass=false`"), s);
    assertTrue(s.contains("the policies that may decline a page (caffeine:runs=5) against `opt:bypass=true`"), s);
    // best online is caffeine; its bound is the OPT with bypass: 0.70 - 0.65. Heads and cells are short labels
    // (bufmgr list: gclock's defaults maxUsage=5, batch=1, hand=global; caffeine's runs=5; opt's bypass=true),
    // the full specs given once under the table.
    assertTrue(s.contains("| frames | gclock | lru | opt:bypass=false | opt | caffeine | best online |"), s);
    assertTrue(s.contains("| caffeine | opt | 0.0500 |"), s);
    assertTrue(s.contains("Full specs: `gclock` = `gclock:maxUsage=5,batch=1,hand=global`; `opt` = `opt:bypass=true`; "
        + "`caffeine` = `caffeine:runs=5`."), s);
    assertTrue(s.contains("Check: every policy's hit ratio is at most its bound's at every size"), s);
    assertTrue(s.contains("Above the demand-paging bound `opt:bypass=false` (possible only by declining pages, which a pool "
        + "selector cannot do): caffeine:runs=5 at 100."), s);
    assertFalse(s.contains("FAILED"), s);
  }

  @Test
  void aBestPoolSelectorIsMeasuredAgainstDemandPaging() {
    String s = summary(ratios("gclock", 0.58, "opt:bypass=false", 0.60, "opt:bypass=true", 0.70, "caffeine", 0.55));
    assertTrue(s.contains("| gclock | opt:bypass=false | 0.0200 |"), s);
    assertFalse(s.contains("Above the demand-paging bound"), s);
  }

  @Test
  void aPoolSelectorAboveDemandPagingFailsTheCheck() {
    String s = summary(ratios("gclock", 0.62, "opt:bypass=false", 0.60, "opt:bypass=true", 0.70));
    assertTrue(s.contains("Check FAILED: these beat their bound, which is impossible: gclock:maxUsage=5,batch=1,hand=global at 100 "
        + "(above `opt:bypass=false`)."), s);
  }

  @Test
  void withoutTheDemandPagingOptTheBypassOneStandsInAndTheSummarySaysSo() {
    String s = summary(ratios("gclock", 0.62, "opt", 0.70));
    assertTrue(s.contains("against `opt:bypass=true` (with bypass, a looser bound: the demand-paging `opt:bypass=false` was not run)"), s);
    assertTrue(s.contains("| gclock | opt | 0.0800 |"), s);
    assertFalse(s.contains("FAILED"), s);
  }

  @Test
  void demandPagingOptAboveBypassFailsTheCheck() {
    String s = summary(ratios("opt:bypass=false", 0.71, "opt:bypass=true", 0.70));
    assertTrue(s.contains("Check FAILED") && s.contains("opt:bypass=false at 100 (above `opt:bypass=true`)"), s);
  }
}
