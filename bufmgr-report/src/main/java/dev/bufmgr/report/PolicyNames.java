package dev.bufmgr.report;

import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.plot.PolicyLabel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The policies of a sweep's rows (each row names its policy by its canonical spec, as {@code
 * bufmgr sweep} resolved it) and what a person calls them: a policy given on the command line is
 * matched by its spec, by the catalog's canonical spec for it ({@code s3fifo} for {@code
 * s3fifo:small=0.1,...}), or by its bare name when exactly one policy of the rows has it; a
 * policy is labelled in charts and tables by its bare name when it runs at its defaults, else by
 * its {@link PolicyLabel}, the name and the parameters that differ ({@code gclock:maxUsage=3}; the
 * full spec where two policies of the rows would share a label).
 */
public final class PolicyNames {
  private final List<String> specs;
  private final Function<String, String> canonical;
  private final Map<String, String> labels = new LinkedHashMap<>();

  /**
   * The names of {@code specs}.
   *
   * @param canonical a policy text's canonical spec, or null when it names no known policy
   */
  public PolicyNames(Collection<String> specs, Function<String, String> canonical) {
    this.specs = List.copyOf(specs);
    this.canonical = canonical;
    Map<String, Integer> uses = new LinkedHashMap<>();
    for (String s : this.specs) uses.merge(PolicyLabel.of(s), 1, Integer::sum);
    for (String s : this.specs) {
      String label = s.equals(canonical.apply(family(s))) ? family(s) : uses.get(PolicyLabel.of(s)) == 1 ? PolicyLabel.of(s) : s;
      labels.put(s, label);
    }
  }

  /** The names of {@code specs}, canonical specs from the class path's policy catalog. */
  public static PolicyNames withCatalog(Collection<String> specs) {
    PolicyCatalog catalog = new PolicyCatalog(true);
    return new PolicyNames(specs, text -> {
      try {
        return catalog.resolve(text).name();
      } catch (RuntimeException e) {
        return null;
      }
    });
  }

  /**
   * The spec of the rows' policy {@code given} names ({@code flag} for messages).
   *
   * @throws IllegalArgumentException when it names no policy of the rows (an unknown policy, or
   *     a known one the rows lack) or, as a bare name, several
   */
  public String match(String flag, String given) {
    String text = given.strip();
    if (specs.contains(text)) return text;
    String resolved = canonical.apply(text);
    if (resolved != null && specs.contains(resolved)) return resolved;
    List<String> byName = new ArrayList<>();
    for (String s : specs) if (family(s).equalsIgnoreCase(text)) byName.add(s);
    if (byName.size() == 1) return byName.getFirst();
    if (byName.size() > 1) {
      throw new IllegalArgumentException(flag + " " + given + ": names " + byName.size() + " policies of the rows (" + String.join("; ", byName)
          + "); give one spec");
    }
    String there = "policies in the rows: " + String.join("; ", specs);
    if (resolved != null) throw new IllegalArgumentException(flag + " " + given + ": no rows of policy " + resolved + " (" + there + ")");
    throw new IllegalArgumentException(flag + " " + given + ": unknown policy, and no policy of the rows (" + there + ")");
  }

  /** The label of a policy of the rows. */
  public String label(String spec) {
    return labels.getOrDefault(spec, spec);
  }

  /** A spec's bare name: the text before its parameters. */
  static String family(String spec) {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).toLowerCase(Locale.ROOT);
  }
}
