package dev.bufmgr.wal.sim;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The registry of commit loops ({@code --loop}), each a {@link Component} written in the {@link
 * Spec} grammar: {@code closed:clients=8,think=1ms}, {@code open:rate=2000} or {@code
 * open:phases=500@200ms/5000@100ms}.
 */
public final class Loops {
  /** What a loop is called in messages and listings. */
  public static final String KIND = "loop";

  private static final String FLAG = "--loop";

  /**
   * A loop kind and what builds the loop from validated values.
   *
   * @param maker builds the loop from the values and the spec's text (for messages)
   */
  public record Kind(String name, String description, List<ParameterSpec> parameters,
      BiFunction<Parameters, String, LoopSpec> maker) implements Component {}

  private static final Registry<Kind> KINDS = Registry.of(KIND, List.of(
      new Kind("closed", "clients that each think, commit and wait for the acknowledgement, then think again", List.of(
          ParameterSpec.integer("clients", 0, 1, 100_000, "clients").asRequired(),
          ParameterSpec.duration("think", "1ms", "mean think time"),
          ParameterSpec.choice("dist", "exp", List.of("exp", "const", "uniform"), "think-time distribution")),
          (p, what) -> new LoopSpec.Closed(p.intValue("clients"),
              new ThinkTime(p.nanos("think"), ThinkTime.Distribution.parse(p.choice("dist"), what)))),
      new Kind("open", "Poisson arrivals at a rate, or in phases; give rate or phases", List.of(
          ParameterSpec.decimal("rate", 1, Double.MIN_VALUE, 1e12, "commits per second").asOptional(),
          ParameterSpec.text("phases", null, "RATE@DURATION/RATE@DURATION..., repeated").asOptional()),
          (p, what) -> {
            if (p.has("rate") == p.has("phases")) throw new IllegalArgumentException(what + ": give rate or phases");
            if (p.has("phases")) return new LoopSpec.Open(RateSchedule.parsePhases(p.text("phases"), what));
            return new LoopSpec.Open(RateSchedule.constant(p.doubleValue("rate")));
          })));

  private Loops() {}

  /** The loops as a registry, in a fixed order. */
  public static Registry<Kind> registry() {
    return KINDS;
  }

  /**
   * Parses a loop spec.
   *
   * @throws IllegalArgumentException naming the spec on any error
   */
  public static LoopSpec parse(String text) {
    Spec spec = Spec.parse(FLAG, text);
    Parameters p = KINDS.resolve(FLAG, spec);
    return KINDS.find(spec.name()).maker().apply(p, FLAG + " '" + spec + "'");
  }
}
