package dev.bufmgr.sweep;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.pipeline.PipelineSampler;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.PageCacheSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The grammar of {@code bufmgr sweep --pipeline SPEC}: a pipeline configuration with lists of
 * values, whose cross product is the sweep's tasks.
 *
 * <pre>
 *   SPEC   := field ( ';' field )*
 *   field  := key '=' value ( '|' value )*
 *   value  := text  |  FROM '..' TO         (a range of whole numbers, both ends included)
 * </pre>
 *
 * A {@code ;} or {@code |} inside parentheses does not split, so a {@code mix(...)} workload
 * passes whole; component values are written in the project's one spec grammar ({@link Spec}),
 * e.g. {@code workload=tpcb:scale=1;selector=gclock|s3fifo|sieve;seed=1..5}. Keys, each once, with
 * {@code bufmgr pipeline}'s defaults ({@link PipelineSettings}'s): {@code workload} ({@code tpcb:frames=FRAMES,ratio=4}),
 * {@code selector} (gclock), {@code commit} (greedy), {@code checkpoint} and {@code bgwriter}
 * (PostgreSQL's defaults, or {@code off}), {@code device} ({@value PipelineDevice#DEFAULT}),
 * {@code pageCache} (on, at {@code bufmgr pipeline --page-cache}'s defaults, or {@code off}),
 * {@code frames} (16384), {@code clients} (10), {@code think} (0ms), {@code fullPageWrites} and
 * {@code rings} (on|off, on), {@code transactions} or {@code seconds} (30 virtual seconds),
 * {@code warmup} (0.1), {@code interval} (1s), {@code seed} (1). Ranges are for frames, clients,
 * transactions and seed. A run's {@code seed} also seeds its workload unless the workload's spec
 * names a seed of its own, so seeds vary the transactions' pages as well as the run's draws
 * (the same run as {@code bufmgr pipeline --workload W,seed=S --seed S}). Pipeline sweeps run
 * the simulation only.
 */
public final class PipelineSpecs {
  /** The flag, in messages. */
  public static final String FLAG = "--pipeline";
  /** The most configurations one sweep may have, so a slip such as {@code seed=1..1000000000} is refused, not run. */
  public static final int MAX_TASKS = 100_000;

  private static final int MAX_CLIENTS = 100_000;
  private static final List<String> KEYS = List.of("workload", "selector", "commit", "checkpoint", "bgwriter", "device",
      "pageCache", "frames", "clients", "think", "fullPageWrites", "rings", "transactions", "seconds", "warmup", "interval", "seed");
  private static final List<String> RANGED = List.of("frames", "clients", "transactions", "seed");

  private PipelineSpecs() {}

  /**
   * Every configuration of {@code specs}, in order (each spec's cross product, the last key
   * varying fastest; a configuration given twice is one task).
   *
   * @throws IllegalArgumentException in one line naming {@code --pipeline}, the spec and the fault
   */
  public static List<PipelineTask> parse(List<String> specs, SelectorRegistry registry) {
    if (specs.isEmpty()) throw new IllegalArgumentException(FLAG + ": none given");
    LinkedHashSet<PipelineTask> tasks = new LinkedHashSet<>();
    for (String spec : specs) {
      try {
        tasks.addAll(expand(fields(spec), registry));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(FLAG + " '" + spec + "': " + e.getMessage(), e);
      }
      if (tasks.size() > MAX_TASKS) {
        throw new IllegalArgumentException(FLAG + ": more than " + MAX_TASKS + " configurations; split the sweep");
      }
    }
    return List.copyOf(tasks);
  }

  /** The spec's values by key, each key's list of alternatives (ranges expanded). */
  private static Map<String, List<String>> fields(String spec) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    if (spec.isBlank()) throw new IllegalArgumentException("empty");
    for (String field : split(spec, ';')) {
      if (field.isBlank()) continue;
      int eq = field.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("'" + field.strip() + "' is not key=value");
      String key = field.substring(0, eq).strip();
      if (key.equals("clock")) throw new IllegalArgumentException("clock: pipeline sweeps run the simulation only (virtual time)");
      if (!KEYS.contains(key)) throw new IllegalArgumentException("unknown key '" + key + "' (keys: " + String.join(", ", KEYS) + ")");
      if (out.containsKey(key)) throw new IllegalArgumentException(key + " given twice");
      List<String> values = new ArrayList<>();
      for (String v : split(field.substring(eq + 1), '|')) {
        String t = v.strip();
        if (t.isEmpty()) throw new IllegalArgumentException(key + ": an empty value");
        if (RANGED.contains(key) && t.contains("..")) values.addAll(range(key, t));
        else values.add(t);
      }
      if (values.size() > MAX_TASKS) throw new IllegalArgumentException(key + ": more than " + MAX_TASKS + " values");
      out.put(key, values);
    }
    if (out.containsKey("transactions") && out.containsKey("seconds")) {
      throw new IllegalArgumentException("give transactions or seconds, not both");
    }
    return out;
  }

  /** {@code FROM..TO}, both whole numbers, FROM at most TO. */
  private static List<String> range(String key, String text) {
    int dots = text.indexOf("..");
    long from;
    long to;
    try {
      from = Long.parseLong(text.substring(0, dots).strip());
      to = Long.parseLong(text.substring(dots + 2).strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + "=" + text + ": a range is FROM..TO, two whole numbers");
    }
    if (to < from) throw new IllegalArgumentException(key + "=" + text + ": an empty range (" + to + " is below " + from + ")");
    if (to - from >= MAX_TASKS) throw new IllegalArgumentException(key + "=" + text + ": more than " + MAX_TASKS + " values");
    List<String> out = new ArrayList<>();
    for (long v = from; v <= to; v++) out.add(Long.toString(v));
    return out;
  }

  /** {@code text} split at {@code sep} outside parentheses. */
  private static List<String> split(String text, char sep) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') depth++;
      else if (c == ')') depth--;
      else if (c == sep && depth == 0) {
        out.add(text.substring(start, i));
        start = i + 1;
      }
    }
    out.add(text.substring(start));
    return out;
  }

  /** The cross product of the fields, each value checked and made canonical once. */
  private static List<PipelineTask> expand(Map<String, List<String>> f, SelectorRegistry registry) {
    List<String> selectors = canonical(f, "selector", PipelineSettings.DEFAULT_SELECTOR, s -> registry.validate(Spec.parse("selector", s)).canonicalName());
    List<String> commits = canonical(f, "commit", PipelineSettings.DEFAULT_COMMIT, s -> ReleasePolicies.parse("commit", s).spec());
    List<String> checkpoints = canonical(f, "checkpoint", CheckpointSettings.DEFAULTS.spec(), s -> {
      CheckpointSettings c = CheckpointSettings.parse(s);
      return c == null ? "off" : c.spec();
    });
    List<String> bgwriters = canonical(f, "bgwriter", BgWriterSettings.DEFAULTS.spec(), s -> {
      BgWriterSettings b = BgWriterSettings.parse(s);
      return b == null ? "off" : b.spec();
    });
    List<String> devices = canonical(f, "device", PipelineDevice.DEFAULT, s -> PipelineDevice.parse(s, false).spec());
    List<String> caches = canonical(f, "pageCache", "on", s -> {
      PageCacheSettings c = PageCacheSettings.parse(s);
      return c == null ? "off" : c.spec();
    });
    List<Long> frames = whole(f, "frames", Long.parseLong(PipelineSettings.DEFAULT_FRAMES), PipelineConfig.minimumFrames(1), PoolConfig.MAX_FRAMES);
    List<Long> clients = whole(f, "clients", Long.parseLong(PipelineSettings.DEFAULT_CLIENTS), 1, MAX_CLIENTS);
    List<String> thinks = canonical(f, "think", PipelineSettings.DEFAULT_THINK, s -> {
      long n = Durations.parseNanos(s, "think");
      if (n < 0) throw new IllegalArgumentException("think " + s + ": a negative time");
      return duration(s, n);
    });
    List<String> fpws = canonical(f, "fullPageWrites", "on", PipelineSpecs::onOff);
    List<String> rings = canonical(f, "rings", "on", PipelineSpecs::onOff);
    List<Long> transactions = f.containsKey("transactions") ? whole(f, "transactions", 0, 1, Long.MAX_VALUE) : List.of(0L);
    List<Double> seconds = f.containsKey("transactions") ? List.of(0.0) : reals(f, "seconds", PipelineSettings.DEFAULT_SIM_SECONDS, 0, 1e7, false);
    List<Double> warmups = reals(f, "warmup", Double.parseDouble(PipelineSettings.DEFAULT_WARMUP), 0, 1, true);
    List<String> intervals = canonical(f, "interval", PipelineSettings.DEFAULT_INTERVAL, s -> {
      long n = Durations.parseNanos(s, "interval");
      if (n <= 0) throw new IllegalArgumentException("interval " + s + ": not positive");
      return duration(s, n);
    });
    List<Long> seeds = whole(f, "seed", 1, 1, Long.MAX_VALUE);
    List<String> workloads = f.getOrDefault("workload", List.of());
    long count = (long) Math.max(1, workloads.size()) * selectors.size() * commits.size() * checkpoints.size() * bgwriters.size()
        * devices.size() * caches.size() * frames.size() * clients.size() * thinks.size() * fpws.size() * rings.size() * transactions.size()
        * seconds.size() * warmups.size() * intervals.size() * seeds.size();
    if (count > MAX_TASKS) throw new IllegalArgumentException(count + " configurations, more than " + MAX_TASKS + "; split the sweep");
    Map<String, String> inputs = new LinkedHashMap<>();
    List<PipelineTask> out = new ArrayList<>();
    for (String w : workloads.isEmpty() ? List.of("") : workloads)
      for (String sel : selectors)
        for (String commit : commits)
          for (String cp : checkpoints)
            for (String bg : bgwriters)
              for (String dev : devices)
                for (String cache : caches)
                  for (long fr : frames)
                    for (long cl : clients)
                      for (String think : thinks)
                        for (String fpw : fpws)
                          for (String ring : rings)
                            for (long tx : transactions)
                              for (double sec : seconds)
                                for (double warm : warmups)
                                  for (String interval : intervals)
                                    for (long seed : seeds) {
                                      String text = workload(w.isEmpty() ? "tpcb:frames=" + fr + ",ratio=" + PipelineSettings.DEFAULT_RATIO : w, seed);
                                      String input = inputs.computeIfAbsent(text, t -> PipelineInput.workload(t).name());
                                      out.add(checked(new PipelineTask(input, sel, commit, cp, bg, dev, cache, (int) fr, (int) cl, think,
                                          fpw.equals("on"), ring.equals("on"), tx, sec, warm, interval, seed)));
                                    }
    return out;
  }

  /** The workload {@code text} seeded by {@code seed} unless it names a seed of its own. */
  private static String workload(String text, long seed) {
    Spec s = Spec.parse("workload", text);
    if (s.params().containsKey("seed")) return text;
    Map<String, String> p = new LinkedHashMap<>(s.params());
    p.put("seed", Long.toString(seed));
    return new Spec(s.name(), p).toString();
  }

  /** Refuses a configuration {@code bufmgr pipeline} would refuse (too few buffers for the clients, too many intervals). */
  private static PipelineTask checked(PipelineTask t) {
    long duration = Math.round(t.seconds() * 1e9);
    if (duration > 0 && duration / Durations.parseNanos(t.interval(), "interval") > PipelineSampler.MAX_INTERVALS) {
      throw new IllegalArgumentException("seconds / interval gives more than " + PipelineSampler.MAX_INTERVALS
          + " intervals: give a longer interval");
    }
    PipelineTasks.settings(t).config(Spec.parse("selector", t.selector()), ReleasePolicies.parse("commit", t.commit()));
    return t;
  }

  private static List<String> canonical(Map<String, List<String>> f, String key, String otherwise, UnaryOperator<String> check) {
    List<String> out = new ArrayList<>();
    for (String v : f.getOrDefault(key, List.of(otherwise))) {
      String c = check.apply(v);
      if (!out.contains(c)) out.add(c);
    }
    return out;
  }

  private static List<Long> whole(Map<String, List<String>> f, String key, long otherwise, long min, long max) {
    List<Long> out = new ArrayList<>();
    for (String v : f.getOrDefault(key, List.of(Long.toString(otherwise)))) {
      long n;
      try {
        n = Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(key + "=" + v + ": not a whole number");
      }
      if (n < min || n > max) throw new IllegalArgumentException(key + "=" + v + ": must lie in " + min + ".." + max);
      if (!out.contains(n)) out.add(n);
    }
    return out;
  }

  private static List<Double> reals(Map<String, List<String>> f, String key, double otherwise, double min, double max,
      boolean fromMin) {
    List<Double> out = new ArrayList<>();
    for (String v : f.getOrDefault(key, List.of(Double.toString(otherwise)))) {
      double x;
      try {
        x = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(key + "=" + v + ": not a number");
      }
      boolean in = fromMin ? x >= min && x < max : x > min && x <= max;
      if (!in) throw new IllegalArgumentException(key + "=" + v + ": must lie in " + (fromMin ? "[" : "(") + min + ", " + max
          + (fromMin ? ")" : "]"));
      if (!out.contains(x)) out.add(x);
    }
    return out;
  }

  /** A duration's canonical text when it reads back exactly, else the text as given. */
  private static String duration(String text, long nanos) {
    String f = Durations.format(nanos);
    return Durations.parseNanos(f, "duration") == nanos ? f : text;
  }

  private static String onOff(String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "on", "true" -> "on";
      case "off", "false" -> "off";
      default -> throw new IllegalArgumentException("'" + v + "': on or off");
    };
  }
}
