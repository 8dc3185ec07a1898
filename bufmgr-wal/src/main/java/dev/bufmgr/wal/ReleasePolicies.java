package dev.bufmgr.wal;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The registry of release policies (when group commit flushes the log), each a {@link Component}
 * with typed parameters, written in the {@link Spec} grammar: {@code pgdelay:delay=100us}.
 * Durations take a unit: {@code 100us}, {@code 1ms}, {@code 0.5ms}.
 */
public final class ReleasePolicies {
  /** What a release policy is called in messages and listings. */
  public static final String KIND = "release policy";

  /**
   * A release policy kind: its name, description and parameters, and what makes a policy from
   * validated values.
   *
   * @param maker checks the values together and returns a maker of fresh policies
   */
  public record Kind(String name, String description, List<ParameterSpec> parameters,
      Function<Parameters, Supplier<ReleasePolicy>> maker) implements Component {}

  private static final Registry<Kind> KINDS = Registry.of(KIND, List.of(
      new Kind("greedy", "flush all that is inserted the moment the device is free (PostgreSQL 9.2's XLogFlush)",
          List.of(), p -> GreedyPolicy::new),
      new Kind("timer", "the first commit of a batch arms a timer; flush at max(first + t, device free)",
          List.of(ParameterSpec.duration("t", null, "the timer; 0 is greedy").asRequired()),
          p -> {
            long t = p.nanos("t");
            return () -> new TimerPolicy(t);
          }),
      new Kind("batch", "flush once k commits are pending and the device is free",
          List.of(ParameterSpec.integer("k", 0, 1, 1_000_000, "commits per flush").asRequired()),
          p -> {
            int k = p.intValue("k");
            return () -> new BatchPolicy(k);
          }),
      new Kind("eoq", "EOQ square-root timer T = sqrt(2 F0 / lambda), lambda measured online", List.of(
          ParameterSpec.duration("f0", null, "flush cost; measured from flush durations when not given").asOptional(),
          ParameterSpec.decimal("alpha", 0.05, Double.MIN_VALUE, 1, "weight of the newest inter-arrival gap")),
          p -> {
            double f0 = p.has("f0") ? p.nanosExact("f0") : -1;
            double alpha = p.doubleValue("alpha");
            return () -> new EoqPolicy(f0, alpha);
          }),
      new Kind("ski", "ski rental: flush once the pending commits' accumulated waiting reaches F0 (2-competitive)",
          List.of(ParameterSpec.duration("f0", null, "flush cost; measured from flush durations when not given")
              .asOptional()),
          p -> {
            double f0 = p.has("f0") ? p.nanosExact("f0") : -1;
            return () -> new SkiRentalPolicy(f0);
          }),
      new Kind("pgdelay", "PostgreSQL's commit_delay and commit_siblings: the leader sleeps delay before flushing",
          List.of(ParameterSpec.duration("delay", null, "commit_delay").asRequired(),
              ParameterSpec.integer("siblings", 5, 0, 1000, "commit_siblings: other open transactions needed to sleep")),
          p -> {
            long delay = p.nanos("delay");
            int siblings = p.intValue("siblings");
            return () -> new CommitDelayPolicy(delay, siblings);
          }),
      new Kind("ewma", "adaptive write-behind (seeds/004): acknowledged in memory, not durable; delay follows the "
          + "drain latency", List.of(
          ParameterSpec.duration("initial", "50ms", "first rotation delay"),
          ParameterSpec.decimal("alpha", 0.2, Double.MIN_VALUE, 1, "weight of the newest drain latency"),
          ParameterSpec.duration("min", "5ms", "smallest delay (> 0)"),
          ParameterSpec.duration("max", "1s", "largest delay (>= min)"),
          ParameterSpec.integer("minops", 1_000, 1, Integer.MAX_VALUE, "smallest batch threshold"),
          ParameterSpec.integer("maxops", 100_000, 1, Integer.MAX_VALUE, "largest batch threshold (>= minops)")),
          p -> {
            long initial = p.nanos("initial");
            double alpha = p.doubleValue("alpha");
            long min = p.nanos("min");
            long max = p.nanos("max");
            long minOps = p.longValue("minops");
            long maxOps = p.longValue("maxops");
            if (min <= 0 || max < min) throw new IllegalArgumentException("needs 0 < min <= max");
            if (maxOps < minOps) throw new IllegalArgumentException("needs minops <= maxops");
            return () -> new WriteBehindPolicy(initial, alpha, min, max, minOps, maxOps);
          })));

  private ReleasePolicies() {}

  /** The release policies as a registry, in a fixed order. */
  public static Registry<Kind> registry() {
    return KINDS;
  }

  /** The registered policy names. */
  public static Iterable<String> names() {
    return KINDS.names();
  }

  /**
   * Parses a policy spec given with {@code --release}.
   *
   * @throws IllegalArgumentException naming the spec on an unknown name, a missing, malformed or
   *     unknown parameter
   */
  public static PolicyFactory parse(String text) {
    return parse("--release", text);
  }

  /** Parses a policy spec given with the flag {@code flag} (named in messages). */
  public static PolicyFactory parse(String flag, String text) {
    Spec spec = Spec.parse(flag, text);
    Parameters p = KINDS.resolve(flag, spec);
    Supplier<ReleasePolicy> supplier;
    try {
      supplier = KINDS.find(spec.name()).maker().apply(p);
    } catch (IllegalArgumentException e) {
      throw Spec.fault(flag, spec.toString(), e.getMessage());
    }
    ReleasePolicy probe = supplier.get();
    return new PolicyFactory(probe.name(), supplier);
  }
}
