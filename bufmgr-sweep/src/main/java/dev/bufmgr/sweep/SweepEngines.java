package dev.bufmgr.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The sweep engines by name: {@code local}, and those on the class path's service list (bufmgr-spark
 * registers {@code spark} when its jars are there).
 */
public final class SweepEngines {
  /** The engine a sweep runs on unless told otherwise. */
  public static final String DEFAULT = "local";

  private SweepEngines() {}

  /** The engines present, local first. */
  public static List<SweepEngine> all() {
    List<SweepEngine> out = new ArrayList<>();
    out.add(new LocalSweepEngine());
    for (SweepEngine e : ServiceLoader.load(SweepEngine.class)) out.add(e);
    return out;
  }

  /**
   * The engine called {@code name}.
   *
   * @throws IllegalArgumentException naming the engines present; for {@code spark} when its jars
   *     are missing, saying how to get them
   */
  public static SweepEngine find(String name) {
    List<SweepEngine> all = all();
    for (SweepEngine e : all) if (e.name().equals(name)) return e;
    if (name.equals("spark")) {
      throw new IllegalArgumentException("--engine spark: Apache Spark's jars are not on the class path; build them with "
          + "'./mvnw -B -DskipTests package -pl bufmgr-spark -am' and run ./bufmgr again, or submit bufmgr-spark's jar with spark-submit");
    }
    throw new IllegalArgumentException("--engine " + name + ": unknown (known: "
        + String.join(", ", all.stream().map(SweepEngine::name).toList()) + ")");
  }
}
