package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.replay.ReplayPolicy;
import java.util.List;
import java.util.function.Function;

/**
 * The registry of baseline replay policies: fifo, lru, opt (parameter {@code bypass}) and caffeine
 * (parameter {@code runs}). Each is a {@link Component} whose parameters are declared and
 * validated as every other component's are, so a bad value or an unknown key is refused with the
 * same one line.
 */
public final class Baselines {
  /** What a baseline is called in messages and listings. */
  public static final String KIND = "baseline";

  /** A baseline: its name, description and parameters, and what makes one from validated values. */
  public record Baseline(String name, String description, List<ParameterSpec> parameters,
      Function<Parameters, ReplayPolicy> create) implements Component {}

  private static final Registry<Baseline> BY_NAME = Registry.of(KIND, List.of(
      new Baseline("fifo", "first in, first out, as libCacheSim FIFO.c: a hit changes nothing (baseline, no parameters)",
          List.of(), p -> new FifoPolicy()),
      new Baseline("lru", "least recently used (baseline, no parameters)", List.of(), p -> new LruPolicy()),
      new Baseline(OptPolicy.NAME, "Belady's MIN, the bound (baseline; reads each request's next access from "
          + "oracleGeneral records, or from a pre-pass index on disk, 8 bytes a request)", OptPolicy.PARAMETERS,
          OptPolicy::new),
      new Baseline("caffeine", "Caffeine's W-TinyLFU, maximumSize = frames (baseline)", CaffeinePolicy.PARAMETERS,
          CaffeinePolicy::new)));

  /**
   * The baselines of a default replay or compare run, in order: both OPT variants, demand paging
   * (the bound of the pool's selectors and LRU) beside LRU and the one with bypass (the bound of
   * Caffeine) beside Caffeine. FIFO is left out: those runs set the pool's selectors against LRU
   * and their bounds, and FIFO is the reference of a sweep's reduction figures, which names it.
   */
  private static final List<String> DEFAULT_SPECS = List.of("lru", "opt:bypass=false", "opt:bypass=true", "caffeine");

  private Baselines() {}

  /** The baselines as a registry, in a fixed order. */
  public static Registry<Baseline> registry() {
    return BY_NAME;
  }

  /** The names, in a fixed order. */
  public static List<String> names() {
    return BY_NAME.names();
  }

  /** Whether {@code name} is a baseline. */
  public static boolean isBaseline(String name) {
    return BY_NAME.contains(name);
  }

  /** The parameters the named baseline takes (none for fifo and lru); throws for an unknown name. */
  public static List<ParameterSpec> parameters(String name) {
    return BY_NAME.find(name).parameters();
  }

  /** The baseline specs a default replay or compare run replays: every baseline but fifo, OPT in both variants. */
  public static List<String> defaultSpecs() {
    return DEFAULT_SPECS;
  }

  /**
   * A new instance of the baseline {@code spec} names, its parameters validated.
   *
   * @param what what the spec was given as, for messages
   * @throws IllegalArgumentException for an unknown name, an unknown parameter or a bad value
   */
  public static ReplayPolicy create(String what, Spec spec) {
    return BY_NAME.find(what, spec).create().apply(BY_NAME.resolve(what, spec));
  }
}
