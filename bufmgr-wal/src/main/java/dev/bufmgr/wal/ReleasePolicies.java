package dev.bufmgr.wal;

import dev.bufmgr.core.spec.Spec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The registry of release policies by name, each with its typed parameters:
 *
 * <ul>
 *   <li>{@code greedy}
 *   <li>{@code timer:t=DURATION}
 *   <li>{@code batch:k=N}
 *   <li>{@code eoq[:f0=DURATION,alpha=A]} (F0 measured when not given)
 *   <li>{@code ski[:f0=DURATION]} (F0 measured when not given)
 *   <li>{@code pgdelay:delay=DURATION,siblings=N} (PostgreSQL defaults: siblings 5)
 *   <li>{@code ewma[:initial=DURATION,alpha=A,min=DURATION,max=DURATION,minops=N,maxops=N]}
 * </ul>
 *
 * Durations take a unit: {@code 100us}, {@code 1ms}, {@code 0.5ms}.
 */
public final class ReleasePolicies {
  private static final Map<String, Function<Spec, Supplier<ReleasePolicy>>> MAKERS = new LinkedHashMap<>();

  static {
    register("greedy", s -> GreedyPolicy::new);
    register("timer", s -> {
      long t = s.nanos("t", -1);
      return () -> new TimerPolicy(t);
    });
    register("batch", s -> {
      int k = (int) s.integer("k", null, 1, 1_000_000);
      return () -> new BatchPolicy(k);
    });
    register("eoq", s -> {
      double f0 = s.nanosExact("f0", Double.NaN);
      double alpha = s.real("alpha", 0.05, Double.MIN_VALUE, 1);
      double given = Double.isNaN(f0) ? -1 : f0;
      return () -> new EoqPolicy(given, alpha);
    });
    register("ski", s -> {
      double f0 = s.nanosExact("f0", Double.NaN);
      double given = Double.isNaN(f0) ? -1 : f0;
      return () -> new SkiRentalPolicy(given);
    });
    register("pgdelay", s -> {
      long delay = s.nanos("delay", -1);
      int siblings = (int) s.integer("siblings", 5L, 0, 1000);
      return () -> new CommitDelayPolicy(delay, siblings);
    });
    register("ewma", s -> {
      long initial = s.nanos("initial", 50_000_000L);
      double alpha = s.real("alpha", 0.2, Double.MIN_VALUE, 1);
      long min = s.nanos("min", 5_000_000L);
      long max = s.nanos("max", 1_000_000_000L);
      long minOps = s.integer("minops", 1_000L, 1, Integer.MAX_VALUE);
      long maxOps = s.integer("maxops", 100_000L, 1, Integer.MAX_VALUE);
      if (min <= 0 || max < min) {
        throw new IllegalArgumentException("--policy '" + s.text() + "': needs 0 < min <= max");
      }
      if (maxOps < minOps) {
        throw new IllegalArgumentException("--policy '" + s.text() + "': needs minops <= maxops");
      }
      return () -> new WriteBehindPolicy(initial, alpha, min, max, minOps, maxOps);
    });
  }

  private ReleasePolicies() {}

  private static void register(String name, Function<Spec, Supplier<ReleasePolicy>> maker) {
    MAKERS.put(name, maker);
  }

  /** The registered policy names. */
  public static Iterable<String> names() {
    return Collections.unmodifiableSet(MAKERS.keySet());
  }

  /**
   * Parses a policy spec.
   *
   * @throws IllegalArgumentException naming the spec on an unknown name, a missing, malformed or
   *     unknown parameter
   */
  public static PolicyFactory parse(String text) {
    return parse("--policy", text);
  }

  /** Parses a policy spec given with the flag {@code flag} (named in messages). */
  public static PolicyFactory parse(String flag, String text) {
    Spec spec = Spec.parse(flag, text);
    Function<Spec, Supplier<ReleasePolicy>> maker = MAKERS.get(spec.name());
    if (maker == null) {
      throw new IllegalArgumentException(
          flag + " '" + text + "': unknown policy '" + spec.name() + "' (known: "
              + String.join(", ", MAKERS.keySet()) + ")");
    }
    Supplier<ReleasePolicy> supplier = maker.apply(spec);
    spec.requireOnly();
    ReleasePolicy probe = supplier.get();
    return new PolicyFactory(probe.name(), supplier);
  }
}
