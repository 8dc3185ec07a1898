package dev.bufmgr.replay;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Short labels for policy names in narrow tables and chart legends: the name without its
 * parameters ({@code gclock} for {@code gclock:maxUsage=5,batch=1,hand=global}) unless two
 * policies of the list share it, in which case both keep their full names ({@code
 * opt:bypass=false} and {@code opt:bypass=true}), so no two labels coincide.
 */
public final class PolicyLabels {
  private PolicyLabels() {}

  /** The label of each of {@code names}, in their order. */
  public static Map<String, String> shortLabels(Collection<String> names) {
    Map<String, Integer> uses = new HashMap<>();
    for (String n : names) uses.merge(bare(n), 1, Integer::sum);
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : names) out.put(n, uses.get(bare(n)) > 1 ? n : bare(n));
    return out;
  }

  private static String bare(String name) {
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }
}
