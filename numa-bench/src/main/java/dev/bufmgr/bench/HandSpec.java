package dev.bufmgr.bench;

import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A clock hand named for the benchmark matrix, and the selector spec it turns a selector into.
 * Hands (the seed thread's variants, seeds/002): {@code spec} (the selector spec as written),
 * {@code stock} ({@code batch=1,hand=global}: PostgreSQL's one {@code fetch_add} per tick),
 * {@code batchN} ({@code batch=N,hand=global}: N ticks claimed per atomic add, Greg Burd's batched
 * sweep), {@code partitioned} ({@code batch=1,hand=partitioned}: one hand per stripe, Tomas
 * Vondra's clock-sweep partitioning). A selector without a clock hand (S3-FIFO) takes only {@code
 * spec} or {@code stock}, both meaning its own search.
 */
public final class HandSpec {
  private HandSpec() {}

  /**
   * The spec of {@code selector} with {@code hand}, validated against {@code registry}.
   *
   * @throws IllegalArgumentException for an unknown hand, a hand the selector has no parameter
   *     for, or a selector spec that already sets the parameter the hand sets
   */
  public static String resolve(String selector, String hand, SelectorRegistry registry) {
    Spec spec = Spec.parse(selector);
    Map<String, String> handParams = parameters(hand);
    boolean clock = hasClockHand(selector, registry);
    if (!clock) {
      if (!handParams.isEmpty() && !hand.trim().equalsIgnoreCase("stock")) {
        throw new IllegalArgumentException(
            "hand '" + hand + "' does not apply to selector '" + selector + "' (it has no clock hand; use stock)");
      }
      handParams = Map.of();
    }
    Map<String, String> merged = new LinkedHashMap<>(spec.params());
    for (Map.Entry<String, String> e : handParams.entrySet()) {
      String given = merged.put(e.getKey(), e.getValue());
      if (given != null && !given.equals(e.getValue())) {
        throw new IllegalArgumentException(
            "selector '" + selector + "' sets " + e.getKey() + "=" + given + " but hand '" + hand + "' sets "
                + e.getKey() + "=" + e.getValue());
      }
    }
    Spec out = new Spec(spec.name(), merged);
    registry.validate(out);
    return out.toString();
  }

  /** Whether {@code selector}'s family has a clock hand to choose ({@code hand} among its parameters). */
  public static boolean hasClockHand(String selector, SelectorRegistry registry) {
    return registry.find(Spec.parse(selector).name()).parameters().stream().map(ParameterSpec::name)
        .anyMatch("hand"::equals);
  }

  /** The selector parameters a hand sets (none for {@code spec}). */
  static Map<String, String> parameters(String hand) {
    String h = hand.trim().toLowerCase(Locale.ROOT);
    if (h.equals("spec")) return Map.of();
    if (h.equals("stock")) return batchAndHand("1", "global");
    if (h.equals("partitioned")) return batchAndHand("1", "partitioned");
    if (h.matches("batch[1-9][0-9]{0,5}")) return batchAndHand(h.substring(5), "global");
    throw new IllegalArgumentException(
        "unknown hand '" + hand + "' (expected spec, stock, batchN such as batch16, or partitioned)");
  }

  private static Map<String, String> batchAndHand(String batch, String hand) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("batch", batch);
    m.put("hand", hand);
    return m;
  }
}
