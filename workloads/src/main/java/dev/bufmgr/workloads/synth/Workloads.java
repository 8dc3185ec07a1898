package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.workloads.spec.Spec;
import dev.bufmgr.workloads.spec.SpecParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The synthetic workloads and their spec grammar ({@link Spec}): {@code
 * kind:requests=N,seed=S,param=value,...}. Every workload takes {@code requests} (default
 * 1000000) and {@code seed} (default 1); the same spec always yields the same events.
 *
 * <ul>
 *   <li>{@code uniform:pages=P,writes=W} pages uniform over [0, P); W is the write fraction.
 *   <li>{@code zipf:pages=P,theta=0.99,scramble=true,writes=W} Zipf(theta) ranks (Gray et al.)
 *       mapped to pages by a seeded permutation unless scramble=false.
 *   <li>{@code hotset:pages=P,hotPages=0.2,hotAccesses=0.8,writes=W} a fraction hotAccesses of
 *       requests to the first hotPages share of the pages.
 *   <li>{@code scan:pages=P,strategy=b} pages 0..P-1 in order, repeated, through the BULKREAD
 *       ring (strategy n, b, w or v).
 *   <li>{@code loop:pages=P} the same loop through the normal path.
 *   <li>{@code pgbench-select:frames=F,indexShare=0.5} or {@code pgbench-select:scale=S} or
 *       {@code accounts=A}: B-tree descents plus heap pages ({@link PgbenchSelectShape}); with
 *       frames the size is the largest whose index fills indexShare of the pool, so the index fits
 *       and the heap (about 6x the index) does not.
 *   <li>{@code tpcb:scale=S,mode=tpcb|simple-update,hot=0.9,readOnly=0} or {@code
 *       tpcb:frames=F,ratio=R,...}: pgbench's TPC-B-like transactions with their log records, for
 *       the pipeline ({@link TpcbShape}); with frames and ratio the scale is the one whose tables
 *       take about R times F pages.
 *   <li>{@code mix:streams=w1*spec1+w2*spec2...} a weighted mix; inner specs are written {@code
 *       kind(param=value;...)} and take neither requests nor seed. Stream i's pages are offset by
 *       i&lt;&lt;48.
 * </ul>
 */
public final class Workloads {
  /** Default number of requests. */
  public static final long DEFAULT_REQUESTS = 1_000_000;

  /**
   * The most requests a workload may draw: 10^12. A replay streams them in constant memory, but
   * at 10 to 20 million requests a second this many already take a day; a larger count is a typo
   * more often than a plan.
   */
  public static final long MAX_REQUESTS = 1_000_000_000_000L;

  private Workloads() {}

  /** Builds a kind's stream: {@code seed} fixes its structure, {@code drawSeed} its requests. */
  @FunctionalInterface
  private interface StreamFactory {
    PageStream create(SpecParams p, long seed, long drawSeed);
  }

  /** A workload kind: its parameters in one line of help, and its factory. */
  private record Kind(String help, StreamFactory factory) {}

  private static final Map<String, Kind> KINDS = new LinkedHashMap<>();

  static {
    KINDS.put("uniform", new Kind("pages=P,writes=0",
        (p, seed, draw) -> IndependentStreams.uniform(pages(p), writes(p), new SplitMix64(draw))));
    KINDS.put("zipf", new Kind("pages=P,theta=0.99,scramble=true,writes=0", Workloads::zipf));
    KINDS.put("hotset", new Kind("pages=P,hotPages=0.2,hotAccesses=0.8,writes=0",
        (p, seed, draw) -> hotSet(p, new SplitMix64(draw))));
    KINDS.put("scan", new Kind("pages=P,strategy=b (bulkread ring)",
        (p, seed, draw) -> IndependentStreams.sequential(pages(p), AccessStrategy.parse(p.getString("strategy", "b")))));
    KINDS.put("loop", new Kind("pages=P",
        (p, seed, draw) -> IndependentStreams.sequential(pages(p), AccessStrategy.NORMAL)));
    KINDS.put("pgbench-select", new Kind("frames=F,indexShare=0.5 | scale=S | accounts=A",
        (p, seed, draw) -> pgbench(p).stream(new SplitMix64(draw))));
    KINDS.put("tpcb", new Kind("scale=S | frames=F,ratio=R; mode=tpcb|simple-update, hot=0.9, readOnly=0 (transactions)",
        (p, seed, draw) -> tpcb(p).stream(new SplitMix64(draw))));
    KINDS.put("mix", new Kind("streams=w*kind(p=v;...)+w*kind(...)", Workloads::mix));
  }

  /** The kinds, with a line of help each. */
  public static Map<String, String> kinds() {
    Map<String, String> m = new LinkedHashMap<>();
    KINDS.forEach((name, kind) -> m.put(name, kind.help()));
    return m;
  }

  /** A parsed, validated workload ready to open any number of times. */
  public record Workload(String canonical, long requests, long seed, Spec spec) {
    /** A fresh source of this workload's events (the same events every time). */
    public SyntheticSource open() {
      return open(seed);
    }

    /**
     * A fresh source of the same workload (same page popularity) whose requests are drawn with
     * another seed: one per replay thread.
     */
    public SyntheticSource open(long otherSeed) {
      SpecParams p = new SpecParams(spec);
      p.getLong("requests", DEFAULT_REQUESTS, 1, Long.MAX_VALUE);
      p.getLong("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
      PageStream s = stream(p, seed, otherSeed);
      p.finish();
      return new SyntheticSource(otherSeed == seed ? canonical : canonical + "@seed" + otherSeed, s, requests);
    }

    /**
     * A source for the pipeline, whose own bound ({@code --transactions}, {@code --seconds})
     * ends a run: endless unless the spec gives {@code requests}, and then named without it.
     */
    public SyntheticSource openForPipeline() {
      if (spec.params().containsKey("requests")) return open();
      SpecParams p = new SpecParams(spec);
      p.getLong("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
      PageStream s = stream(p, seed, seed);
      p.finish();
      return new SyntheticSource(p.canonical(), s, Long.MAX_VALUE);
    }
  }

  /** Parses and validates {@code text}; throws naming the fault. */
  public static Workload parse(String text) {
    Spec spec = Spec.parse(text);
    SpecParams p = new SpecParams(spec);
    long requests = p.getLong("requests", DEFAULT_REQUESTS, 1, Long.MAX_VALUE);
    if (requests > MAX_REQUESTS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "requests: %,d is more than the %,d a workload may draw (replay streams them, but at 10-20 million a second "
              + "that many already take a day)", requests, MAX_REQUESTS));
    }
    long seed = p.getLong("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
    stream(p, seed, seed);
    p.finish();
    return new Workload(p.canonical(), requests, seed, spec);
  }

  /** The stream: {@code seed} fixes its structure (the Zipf permutation), {@code drawSeed} its requests. */
  private static PageStream stream(SpecParams p, long seed, long drawSeed) {
    Kind kind = KINDS.get(p.name());
    if (kind == null) {
      throw new IllegalArgumentException(
          "unknown workload '" + p.name() + "' (known: " + String.join(", ", KINDS.keySet()) + ")");
    }
    return kind.factory().create(p, seed, drawSeed);
  }

  private static long pages(SpecParams p) {
    if (!p.has("pages")) throw new IllegalArgumentException(p.name() + ": parameter pages is required");
    return p.getLong("pages", 0, 2, 1L << 40);
  }

  private static double writes(SpecParams p) {
    return p.getDouble("writes", 0, 0, 1);
  }

  private static PageStream zipf(SpecParams p, long seed, long drawSeed) {
    SplitMix64 rng = new SplitMix64(drawSeed);
    long pages = pages(p);
    if (pages > 1L << 28) throw new IllegalArgumentException("zipf: pages must be at most " + (1L << 28));
    double theta = p.getDouble("theta", 0.99, 1e-9, 1 - 1e-9);
    String scramble = p.getString("scramble", "true");
    if (!scramble.equals("true") && !scramble.equals("false")) {
      throw new IllegalArgumentException("zipf: parameter scramble must be true or false, got '" + scramble + "'");
    }
    double writes = writes(p);
    ScrambledZipf zipf =
        scramble.equals("true")
            ? ScrambledZipf.scrambled(pages, theta, SplitMix64.derive(seed, -1))
            : ScrambledZipf.unscrambled(pages, theta);
    return IndependentStreams.zipf(zipf, writes, rng);
  }

  private static PageStream hotSet(SpecParams p, SplitMix64 rng) {
    long pages = pages(p);
    double hotShare = p.getDouble("hotPages", 0.2, 0, 1);
    double hotAccesses = p.getDouble("hotAccesses", 0.8, 0, 1);
    long hot = Math.round(pages * hotShare);
    if (hot < 1 || hot >= pages) throw new IllegalArgumentException("hotset: hotPages must leave at least one hot and one cold page");
    return IndependentStreams.hotSet(pages, hot, hotAccesses, writes(p), rng);
  }

  private static PgbenchSelectShape pgbench(SpecParams p) {
    int given = (p.has("frames") ? 1 : 0) + (p.has("scale") ? 1 : 0) + (p.has("accounts") ? 1 : 0);
    if (given != 1) throw new IllegalArgumentException("pgbench-select: give exactly one of frames, scale, accounts");
    long accounts;
    if (p.has("frames")) {
      int frames = (int) p.getLong("frames", 0, 1, Integer.MAX_VALUE);
      double share = p.getDouble("indexShare", 0.5, 0.01, 1);
      accounts = PgbenchSelectShape.accountsFor(frames, share);
    } else if (p.has("scale")) {
      double scale = p.getDouble("scale", 1, 1e-5, 1e5);
      accounts = Math.max(1, Math.round(scale * PgbenchSelectShape.ROWS_PER_SCALE));
    } else {
      accounts = p.getLong("accounts", 0, 1, 1L << 40);
    }
    return new PgbenchSelectShape(accounts);
  }

  private static TpcbShape tpcb(SpecParams p) {
    boolean byPool = p.has("frames") || p.has("ratio");
    if (byPool == p.has("scale")) throw new IllegalArgumentException("tpcb: give scale=S, or frames=F with ratio=R");
    double scale;
    if (byPool) {
      if (!p.has("frames") || !p.has("ratio")) throw new IllegalArgumentException("tpcb: frames and ratio go together");
      long frames = p.getLong("frames", 0, 1, Integer.MAX_VALUE);
      double ratio = p.getDouble("ratio", 1, 1e-3, 1e4);
      scale = TpcbShape.scaleFor(Math.round(frames * ratio));
    } else {
      scale = p.getDouble("scale", 1, 1e-5, 1e5);
    }
    TpcbShape.Mode mode = TpcbShape.Mode.parse(p.getString("mode", "tpcb"));
    double hot = p.getDouble("hot", 0.9, 0, 1);
    double readOnly = p.getDouble("readOnly", 0, 0, 1);
    return new TpcbShape(scale, mode, hot, readOnly);
  }

  private static PageStream mix(SpecParams p, long seed, long drawSeed) {
    SplitMix64 rng = new SplitMix64(drawSeed);
    String text = p.getString("streams", null);
    if (text == null) throw new IllegalArgumentException("mix: parameter streams is required");
    List<PageStream> streams = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    int depth = 0;
    int start = 0;
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') depth++;
      else if (c == ')') depth--;
      else if (c == '+' && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(text.substring(start));
    for (String part : parts) {
      int star = part.indexOf('*');
      if (star <= 0) throw new IllegalArgumentException("mix: stream '" + part + "' must be weight*spec");
      double w;
      try {
        w = Double.parseDouble(part.substring(0, star).trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("mix: weight '" + part.substring(0, star).trim() + "' is not a number");
      }
      if (!(w > 0)) throw new IllegalArgumentException("mix: weights must be positive, got " + w);
      Spec inner = Spec.parse(part.substring(star + 1));
      if (inner.name().equals("mix")) throw new IllegalArgumentException("mix: streams cannot be mixes");
      SpecParams ip = new SpecParams(inner);
      streams.add(stream(ip, SplitMix64.derive(seed, streams.size()), SplitMix64.derive(drawSeed, streams.size())));
      ip.finish();
      weights.add(w);
    }
    double[] ws = weights.stream().mapToDouble(Double::doubleValue).toArray();
    return new MixStream(streams.toArray(PageStream[]::new), ws, rng);
  }
}
