package dev.bufmgr.core.pool;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Several buffer pools side by side, each with its own share of the frames and its own victim
 * selector, every page routed to one of them by its page class: the PostgreSQL wiki's "Multiple
 * Buffer Pools" proposal (named pools such as KEEP and RECYCLE beside the default, relations
 * assigned to pools), with page classes standing in for relations since no input carries a
 * relation id. Parsed from the text of {@code --pools}:
 *
 * <pre>NAME=SELECTOR:SHARE%[CLASS,CLASS,...],NAME=SELECTOR:SHARE%,...</pre>
 *
 * for example {@code default=gclock:70%,keep=lru-k:20%[index-root,index-inner,index-leaf],recycle=lru-pool:10%[history]}.
 * A selector's parameters are written in its parenthesised form ({@code gclock(maxUsage=3;batch=1)})
 * or, for one parameter, after a colon ({@code gclock:maxUsage=3}). The shares sum to exactly 100%;
 * exactly one pool lists no classes and takes every class the others do not list (a pool named
 * {@code default} must be that one); a class is listed at most once.
 *
 * @param pools the pools in the order written
 * @param route the pool index of each page class {@code 0..EventMeta.MAX_PAGE_CLASS}
 */
public record NamedPools(List<Pool> pools, int[] route) {
  /** The flag the text comes from, for messages. */
  public static final String FLAG = "--pools";

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
  private static final Pattern SHARE = Pattern.compile(":([0-9]+(?:\\.[0-9]+)?)%(?:\\[([^\\[\\]]*)\\])?$");
  private static final Pattern NUMBERED_CLASS = Pattern.compile("class-([0-9]{1,3})");
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  /**
   * One pool.
   *
   * @param name its name, lower case
   * @param selector its victim selector
   * @param share its percentage of the frames, above 0
   * @param classes the page classes routed to it, empty for the pool that takes the rest
   */
  public record Pool(String name, Spec selector, BigDecimal share, List<String> classes) {
    /** The pool's text in canonical form: {@code NAME=SELECTOR:SHARE%[CLASSES]}. */
    public String canonical() {
      String sel = selector.params().isEmpty() ? selector.name()
          : selector.name() + "(" + String.join(";", selector.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()) + ")";
      return name + "=" + sel + ":" + share.stripTrailingZeros().toPlainString() + "%"
          + (classes.isEmpty() ? "" : "[" + String.join(",", classes) + "]");
    }
  }

  public NamedPools {
    pools = List.copyOf(pools);
    route = route.clone();
  }

  /**
   * Parses {@code text}, checking each selector against {@code registry}.
   *
   * @param classNames the names of page classes 0, 1, ...; a class may also be written {@code class-N}
   *     for any N below {@link PoolConfig#MAX_PAGE_CLASSES}
   * @throws IllegalArgumentException in one line, {@code --pools 'TEXT': REASON}
   */
  public static NamedPools parse(String text, List<String> classNames, SelectorRegistry registry) {
    String t = text == null ? "" : text.trim();
    if (t.isEmpty()) throw Spec.fault(FLAG, text, "no pools given");
    List<Pool> pools = new ArrayList<>();
    Set<String> names = new HashSet<>();
    int[] route = new int[EventMeta.MAX_PAGE_CLASS + 1];
    Arrays.fill(route, -1);
    int rest = -1;
    BigDecimal sum = BigDecimal.ZERO;
    for (String entry : entries(text, t)) {
      int eq = entry.indexOf('=');
      String name = eq < 0 ? entry : entry.substring(0, eq).trim();
      if (eq < 0 || !NAME.matcher(name).matches()) {
        throw Spec.fault(FLAG, text, "pool '" + entry + "' must be written NAME=SELECTOR:SHARE%[CLASSES], NAME in lower case");
      }
      if (!names.add(name)) throw Spec.fault(FLAG, text, "pool '" + name + "' given twice");
      String body = entry.substring(eq + 1).trim();
      Matcher m = SHARE.matcher(body);
      if (!m.find()) throw Spec.fault(FLAG, text, "pool '" + name + "' has no share: write SELECTOR:SHARE%, e.g. gclock:20%");
      BigDecimal share = new BigDecimal(m.group(1));
      if (share.signum() <= 0) throw Spec.fault(FLAG, text, "pool '" + name + "' has a share of 0%");
      sum = sum.add(share);
      String selectorText = body.substring(0, m.start()).trim();
      if (selectorText.isEmpty()) throw Spec.fault(FLAG, text, "pool '" + name + "' names no selector");
      Spec selector;
      try {
        selector = Spec.parse("selector", selectorText);
        registry.validate(selector);
      } catch (IllegalArgumentException e) {
        throw Spec.fault(FLAG, text, "pool '" + name + "': " + e.getMessage());
      }
      List<String> classes = new ArrayList<>();
      int index = pools.size();
      if (m.group(2) != null) {
        if (m.group(2).isBlank()) throw Spec.fault(FLAG, text, "pool '" + name + "' lists no class between [ and ]");
        for (String c : m.group(2).split(",", -1)) {
          String cls = c.trim();
          int id = classId(cls, classNames);
          if (id < 0) {
            throw Spec.fault(FLAG, text, "pool '" + name + "': unknown page class '" + cls + "' (known: "
                + String.join(", ", classNames) + ", or class-N below " + PoolConfig.MAX_PAGE_CLASSES + ")");
          }
          if (route[id] >= 0) {
            throw Spec.fault(FLAG, text, "page class '" + cls + "' is given to both '" + pools.get(route[id]).name() + "' and '" + name + "'");
          }
          route[id] = index;
          classes.add(cls);
        }
      } else {
        if (rest >= 0) {
          throw Spec.fault(FLAG, text, "pools '" + pools.get(rest).name() + "' and '" + name + "' both list no classes; exactly one "
              + "pool takes the classes the others do not list");
        }
        rest = index;
      }
      pools.add(new Pool(name, selector, share, classes));
    }
    if (rest < 0) throw Spec.fault(FLAG, text, "every pool lists classes; exactly one must list none and take the rest");
    if (names.contains("default") && !pools.get(rest).name().equals("default")) {
      throw Spec.fault(FLAG, text, "pool 'default' lists classes; the default pool takes the classes the others do not list");
    }
    if (sum.compareTo(HUNDRED) != 0) {
      throw Spec.fault(FLAG, text, "the shares sum to " + sum.stripTrailingZeros().toPlainString() + "%, not 100%");
    }
    for (int c = 0; c < route.length; c++) if (route[c] < 0) route[c] = rest;
    return new NamedPools(pools, route);
  }

  /** One pool of 100% with {@code selector}: what a run without {@code --pools} has. */
  public static NamedPools single(Spec selector) {
    return new NamedPools(List.of(new Pool("default", selector, HUNDRED, List.of())), new int[EventMeta.MAX_PAGE_CLASS + 1]);
  }

  /** The pool index of each page class, a copy. */
  @Override
  public int[] route() {
    return route.clone();
  }

  /** The pool index page class {@code pageClass} is routed to. */
  public int poolOf(int pageClass) {
    return route[pageClass];
  }

  /** How many pools. */
  public int size() {
    return pools.size();
  }

  /**
   * The frames of each pool out of {@code total}: each pool's exact quota {@code total x share},
   * rounded down, and the frames left given one each to the largest remainders (ties to the pool
   * written first), so the sizes sum to {@code total} exactly (Hamilton's method).
   *
   * @param least the fewest frames a pool may have
   * @throws IllegalArgumentException naming the pool that would get fewer than {@code least}
   */
  public int[] frames(int total, int least) {
    int n = pools.size();
    int[] f = new int[n];
    BigDecimal[] remainder = new BigDecimal[n];
    int given = 0;
    for (int i = 0; i < n; i++) {
      BigDecimal quota = pools.get(i).share().multiply(BigDecimal.valueOf(total)).divide(HUNDRED);
      BigDecimal floor = quota.setScale(0, RoundingMode.FLOOR);
      f[i] = floor.intValueExact();
      remainder[i] = quota.subtract(floor);
      given += f[i];
    }
    for (int left = total - given; left > 0; left--) {
      int best = -1;
      for (int i = 0; i < n; i++) if (remainder[i].signum() >= 0 && (best < 0 || remainder[i].compareTo(remainder[best]) > 0)) best = i;
      f[best]++;
      remainder[best] = BigDecimal.ONE.negate();
    }
    for (int i = 0; i < n; i++) {
      if (f[i] < least) {
        throw new IllegalArgumentException(FLAG + " '" + canonical() + "': pool '" + pools.get(i).name() + "' gets " + f[i] + " of "
            + total + " frames, fewer than the " + least + " it needs");
      }
    }
    return f;
  }

  /** The canonical text of every pool, comma-separated. */
  public String canonical() {
    return String.join(",", pools.stream().map(Pool::canonical).toList());
  }

  /** The entries of the text, split at commas outside brackets and parentheses. */
  private static List<String> entries(String text, String t) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') depth--;
      if (depth < 0) throw Spec.fault(FLAG, text, "unbalanced '" + c + "'");
      if (depth == 0 && c == ',') {
        parts.add(t.substring(start, i).trim());
        start = i + 1;
      }
    }
    if (depth != 0) throw Spec.fault(FLAG, text, "unbalanced '(' or '['");
    parts.add(t.substring(start).trim());
    for (String p : parts) if (p.isEmpty()) throw Spec.fault(FLAG, text, "empty pool between commas");
    return parts;
  }

  private static int classId(String cls, List<String> classNames) {
    int i = classNames.indexOf(cls);
    if (i >= 0) return i;
    Matcher m = NUMBERED_CLASS.matcher(cls);
    if (!m.matches()) return -1;
    int n = Integer.parseInt(m.group(1));
    return n < PoolConfig.MAX_PAGE_CLASSES ? n : -1;
  }
}
