package dev.bufmgr.replay.baseline;

import dev.bufmgr.replay.ReplayPolicy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which OPT bounds which policy of a run. A policy that admits every miss (the pool's selectors,
 * FIFO, LRU: {@link ReplayPolicy#admitsEveryMiss()}) is bounded by OPT without bypass, demand paging
 * ({@code opt:bypass=false}); one that may decline a page (Caffeine's W-TinyLFU) only by OPT with
 * bypass ({@code opt:bypass=true}), which bounds every policy. When the run lacks the demand-paging
 * OPT, the one with bypass stands in (a valid but looser bound), and {@link #sentence} says so.
 */
public final class OptBounds {
  private final Map<String, Boolean> admitsEveryMiss = new LinkedHashMap<>();
  private String demand;
  private String bypass;

  private OptBounds() {}

  /** The bounds among {@code policies}. */
  public static OptBounds of(Collection<? extends ReplayPolicy> policies) {
    OptBounds b = new OptBounds();
    for (ReplayPolicy p : policies) {
      b.admitsEveryMiss.put(p.name(), p.admitsEveryMiss());
      if (p instanceof OptPolicy o) {
        if (o.bypass() && b.bypass == null) b.bypass = o.name();
        if (!o.bypass() && b.demand == null) b.demand = o.name();
      }
    }
    return b;
  }

  /** The name of the demand-paging OPT of the run, or null. */
  public String demand() {
    return demand;
  }

  /** The name of the OPT with bypass of the run, or null. */
  public String bypass() {
    return bypass;
  }

  /** Whether {@code policy} is one of the run's OPTs. */
  public boolean isOpt(String policy) {
    return policy.equals(demand) || policy.equals(bypass);
  }

  /** Whether {@code policy} admits every miss (false for a name not in the run). */
  public boolean admitsEveryMiss(String policy) {
    return admitsEveryMiss.getOrDefault(policy, false);
  }

  /**
   * The name of the OPT that bounds {@code policy}, or null when the run has none that does: the
   * demand-paging OPT for a policy that admits every miss (the OPT with bypass when that one is
   * missing), the OPT with bypass otherwise. The demand-paging OPT is bounded by the one with
   * bypass (by itself when that is missing), and the one with bypass by itself.
   */
  public String boundOf(String policy) {
    if (policy.equals(bypass)) return bypass;
    if (policy.equals(demand)) return bypass != null ? bypass : demand;
    if (admitsEveryMiss(policy) && demand != null) return demand;
    return bypass;
  }

  /**
   * One paragraph naming the bound each of {@code policies} (the non-OPT ones) is measured
   * against, or an empty string when the run has no OPT.
   */
  public String sentence(Collection<String> policies) {
    if (demand == null && bypass == null) return "";
    List<String> admitting = new ArrayList<>();
    List<String> declining = new ArrayList<>();
    for (String p : policies) {
      if (isOpt(p)) continue;
      (admitsEveryMiss(p) ? admitting : declining).add(p);
    }
    StringBuilder sb = new StringBuilder("Bounds: ");
    List<String> parts = new ArrayList<>();
    if (!admitting.isEmpty()) {
      String b = boundOf(admitting.get(0));
      parts.add(b == null
          ? "no OPT bounds the policies that admit every miss (" + String.join(", ", admitting) + ") in this run"
          : "the policies that admit every miss (" + String.join(", ", admitting) + ") against `" + b + "`"
              + (b.equals(demand) ? " (demand paging, as libCacheSim's Belady)"
                  : " (with bypass, a looser bound: the demand-paging `opt:bypass=false` was not run)"));
    }
    if (!declining.isEmpty()) {
      parts.add(bypass == null
          ? "no OPT bounds the policies that may decline a page (" + String.join(", ", declining)
              + ") in this run (`opt:bypass=false` does not: they may decline pages)"
          : "the policies that may decline a page (" + String.join(", ", declining) + ") against `" + bypass
              + "` (MIN with bypass)");
    }
    if (demand != null && bypass != null) parts.add("`" + demand + "` against `" + bypass + "`");
    if (parts.isEmpty()) return "";
    sb.append(String.join("; ", parts)).append('.');
    return sb.toString();
  }
}
