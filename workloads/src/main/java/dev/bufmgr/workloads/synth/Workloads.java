package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The registry of synthetic workloads, written in the {@link Spec} grammar: {@code
 * kind:requests=N,seed=S,param=value,...}. Every workload takes {@code requests} (default
 * 1000000) and {@code seed} (default 1); the same spec always yields the same events. Each kind
 * declares its parameters ({@link #registry()}, {@code bufmgr list}). {@code pgbench-select} with
 * {@code frames} takes the largest size whose index fills {@code indexShare} of the pool, so the
 * index fits and the heap (about 6x the index) does not ({@link PgbenchSelectShape}); {@code tpcb}
 * with {@code frames} and {@code ratio} takes the scale whose tables hold about ratio times
 * frames pages ({@link TpcbShape}); inner specs of a {@code mix} are written {@code
 * kind(param=value;...)}.
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
  public interface StreamFactory {
    /** The stream of a workload whose parameters are {@code p}. */
    PageStream create(Parameters p, long seed, long drawSeed);
  }

  /** What a workload is called in messages and listings. */
  private static final String KIND = "workload";

  /** The parameters every workload takes, and a stream inside a mix does not. */
  private static final List<ParameterSpec> COMMON = List.of(
      ParameterSpec.integer("requests", DEFAULT_REQUESTS, 1, Long.MAX_VALUE, "requests to draw (at most 10^12)"),
      ParameterSpec.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE, "the same seed always yields the same events"));

  private static final ParameterSpec PAGES = ParameterSpec.integer("pages", 0, 2, 1L << 40, "distinct pages").asRequired();
  private static final ParameterSpec WRITES = ParameterSpec.decimal("writes", 0, 0, 1, "share of requests that write");

  /**
   * A workload kind: a {@link Component} whose parameters are {@code requests}, {@code seed} and
   * its own, with the factory of its stream.
   *
   * @param own the parameters it takes inside a mix, without requests and seed
   */
  public record Kind(String name, String description, List<ParameterSpec> own, StreamFactory factory)
      implements Component {
    @Override
    public List<ParameterSpec> parameters() {
      List<ParameterSpec> all = new ArrayList<>(COMMON);
      all.addAll(own);
      return List.copyOf(all);
    }
  }

  private static final Registry<Kind> KINDS = Registry.of(KIND, List.of(
      new Kind("uniform", "pages uniform over [0, pages)", List.of(PAGES, WRITES),
          (p, seed, draw) -> IndependentStreams.uniform(pages(p), writes(p), new SplitMix64(draw))),
      new Kind("zipf", "Zipf(theta) ranks (Gray et al.) mapped to pages by a seeded permutation; at most 2^28 pages",
          List.of(PAGES,
          ParameterSpec.decimal("theta", 0.99, 1e-9, 1 - 1e-9, "skew"),
          ParameterSpec.choice("scramble", "true", List.of("true", "false"), "false: rank i is page i"),
          WRITES), Workloads::zipf),
      new Kind("hotset", "a share hotAccesses of requests to the first hotPages share of the pages", List.of(PAGES,
          ParameterSpec.decimal("hotPages", 0.2, 0, 1, "share of the pages that are hot"),
          ParameterSpec.decimal("hotAccesses", 0.8, 0, 1, "share of the requests to hot pages"),
          WRITES), (p, seed, draw) -> hotSet(p, new SplitMix64(draw))),
      new Kind("scan", "pages 0..pages-1 in order, repeated, through a ring", List.of(PAGES,
          ParameterSpec.text("strategy", "b", "access strategy: n, b (bulkread ring), w or v")),
          (p, seed, draw) -> IndependentStreams.sequential(pages(p), AccessStrategy.parse(p.text("strategy")))),
      new Kind("loop", "pages 0..pages-1 in order, repeated, through the normal path", List.of(PAGES),
          (p, seed, draw) -> IndependentStreams.sequential(pages(p), AccessStrategy.NORMAL)),
      new Kind("pgbench-select", "B-tree descents plus heap pages of pgbench's select-only script; give one of frames, "
          + "scale, accounts", List.of(
          ParameterSpec.integer("frames", 0, 1, Integer.MAX_VALUE,
              "size it so the index fills indexShare of a pool of this many frames").asOptional(),
          ParameterSpec.decimal("indexShare", 0.5, 0.01, 1, "with frames: share of the pool the index fills"),
          ParameterSpec.decimal("scale", 1, 1e-5, 1e5, "pgbench scale factor (100000 accounts each)").asOptional(),
          ParameterSpec.integer("accounts", 0, 1, 1L << 40, "accounts").asOptional()),
          (p, seed, draw) -> pgbench(p).stream(new SplitMix64(draw))),
      new Kind("tpcb", "pgbench's TPC-B-like transactions with their log records, for the pipeline; give scale, or "
          + "frames with ratio", List.of(
          ParameterSpec.decimal("scale", 1, 1e-5, 1e5, "pgbench scale factor").asOptional(),
          ParameterSpec.integer("frames", 0, 1, Integer.MAX_VALUE, "with ratio: a pool of this many frames").asOptional(),
          ParameterSpec.decimal("ratio", 1, 1e-3, 1e4, "with frames: tables of about ratio times frames pages")
              .asOptional(),
          ParameterSpec.choice("mode", "tpcb", List.of("tpcb", "simple-update"), "pgbench's built-in script"),
          ParameterSpec.decimal("touched", 0, 0, 1, "share of accounts pages updated since the load (their updates are HOT)"),
          ParameterSpec.decimal("readOnly", 0, 0, 1, "share of read-only transactions")),
          (p, seed, draw) -> tpcb(p).stream(new SplitMix64(draw))),
      new Kind("mix", "a weighted mix; stream i's pages are offset by i<<48", List.of(
          ParameterSpec.text("streams", null, "w1*kind(p=v;...)+w2*kind(...): inner kinds take neither requests nor seed")
              .asRequired()), Workloads::mix)));

  /** The kinds as a registry, in a fixed order. */
  public static Registry<Kind> registry() {
    return KINDS;
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
      PageStream s = stream(KINDS.resolve(KIND, spec), seed, otherSeed);
      return new SyntheticSource(otherSeed == seed ? canonical : canonical + "@seed" + otherSeed, s, requests);
    }

    /**
     * A source for the pipeline, whose own bound ({@code --transactions}, {@code --seconds})
     * ends a run: endless unless the spec gives {@code requests}, and then named without it.
     */
    public SyntheticSource openForPipeline() {
      if (spec.params().containsKey("requests")) return open();
      Parameters p = KINDS.resolve(KIND, spec);
      p.longValue("seed");
      PageStream s = stream(p, seed, seed);
      return new SyntheticSource(p.canonicalOfRead(), s, Long.MAX_VALUE);
    }
  }

  /** Parses and validates {@code text}; throws naming the spec and the fault. */
  public static Workload parse(String text) {
    Spec spec = Spec.parse(KIND, text);
    Parameters p = KINDS.resolve(KIND, spec);
    long requests = p.longValue("requests");
    if (requests > MAX_REQUESTS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "requests: %,d is more than the %,d a workload may draw (replay streams them, but at 10-20 million a second "
              + "that many already take a day)", requests, MAX_REQUESTS));
    }
    long seed = p.longValue("seed");
    stream(p, seed, seed);
    return new Workload(p.canonicalOfRead(), requests, seed, spec);
  }

  /** The stream: {@code seed} fixes its structure (the Zipf permutation), {@code drawSeed} its requests. */
  private static PageStream stream(Parameters p, long seed, long drawSeed) {
    return KINDS.find(p.name()).factory().create(p, seed, drawSeed);
  }

  private static long pages(Parameters p) {
    return p.longValue("pages");
  }

  private static double writes(Parameters p) {
    return p.doubleValue("writes");
  }

  private static PageStream zipf(Parameters p, long seed, long drawSeed) {
    SplitMix64 rng = new SplitMix64(drawSeed);
    long pages = pages(p);
    if (pages > 1L << 28) throw new IllegalArgumentException("zipf: pages must be at most " + (1L << 28));
    double theta = p.doubleValue("theta");
    String scramble = p.choice("scramble");
    double writes = writes(p);
    ScrambledZipf zipf =
        scramble.equals("true")
            ? ScrambledZipf.scrambled(pages, theta, SplitMix64.derive(seed, -1))
            : ScrambledZipf.unscrambled(pages, theta);
    return IndependentStreams.zipf(zipf, writes, rng);
  }

  private static PageStream hotSet(Parameters p, SplitMix64 rng) {
    long pages = pages(p);
    double hotShare = p.doubleValue("hotPages");
    double hotAccesses = p.doubleValue("hotAccesses");
    long hot = Math.round(pages * hotShare);
    if (hot < 1 || hot >= pages) throw new IllegalArgumentException("hotset: hotPages must leave at least one hot and one cold page");
    return IndependentStreams.hotSet(pages, hot, hotAccesses, writes(p), rng);
  }

  private static PgbenchSelectShape pgbench(Parameters p) {
    int given = (p.given("frames") ? 1 : 0) + (p.given("scale") ? 1 : 0) + (p.given("accounts") ? 1 : 0);
    if (given != 1) throw new IllegalArgumentException("pgbench-select: give exactly one of frames, scale, accounts");
    if (p.given("indexShare") && !p.given("frames")) {
      throw new IllegalArgumentException("pgbench-select: indexShare goes with frames");
    }
    long accounts;
    if (p.given("frames")) {
      int frames = p.intValue("frames");
      double share = p.doubleValue("indexShare");
      accounts = PgbenchSelectShape.accountsFor(frames, share);
    } else if (p.given("scale")) {
      double scale = p.doubleValue("scale");
      accounts = Math.max(1, Math.round(scale * PgbenchSelectShape.ROWS_PER_SCALE));
    } else {
      accounts = p.longValue("accounts");
    }
    return new PgbenchSelectShape(accounts);
  }

  private static TpcbShape tpcb(Parameters p) {
    boolean byPool = p.given("frames") || p.given("ratio");
    if (byPool == p.given("scale")) throw new IllegalArgumentException("tpcb: give scale=S, or frames=F with ratio=R");
    double scale;
    if (byPool) {
      if (!p.given("frames") || !p.given("ratio")) throw new IllegalArgumentException("tpcb: frames and ratio go together");
      long frames = p.longValue("frames");
      double ratio = p.doubleValue("ratio");
      scale = TpcbShape.scaleFor(Math.round(frames * ratio));
    } else {
      scale = p.doubleValue("scale");
    }
    TpcbShape.Mode mode = TpcbShape.Mode.parse(p.choice("mode"));
    double touched = p.doubleValue("touched");
    double readOnly = p.doubleValue("readOnly");
    return new TpcbShape(scale, mode, touched, readOnly);
  }

  private static PageStream mix(Parameters p, long seed, long drawSeed) {
    SplitMix64 rng = new SplitMix64(drawSeed);
    String text = p.text("streams");
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
      Spec inner = Spec.parse("mix stream", part.substring(star + 1));
      if (inner.name().equals("mix")) throw new IllegalArgumentException("mix: streams cannot be mixes");
      Parameters ip = Parameters.resolve("mix stream", inner, KINDS.find("mix stream", inner).own());
      streams.add(stream(ip, SplitMix64.derive(seed, streams.size()), SplitMix64.derive(drawSeed, streams.size())));
      weights.add(w);
    }
    double[] ws = weights.stream().mapToDouble(Double::doubleValue).toArray();
    return new MixStream(streams.toArray(PageStream[]::new), ws, rng);
  }
}
