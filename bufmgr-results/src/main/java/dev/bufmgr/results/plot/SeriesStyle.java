package dev.bufmgr.results.plot;

import dev.bufmgr.core.evict.SelectorRegistry;
import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.Set;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The colour, marker and line dash of a chart series, a function of its name only, so that a
 * policy looks the same in every chart of a run and in every run. Every chart of the plot package
 * takes its styles from {@link #forChart}.
 *
 * <p>A series name is read as {@code policy[:k=v,...] [qualifier]} (for example {@code
 * gclock:maxUsage=5,batch=16,hand=global} or {@code gclock / greedy log}):
 *
 * <ul>
 *   <li>The <b>colour</b> belongs to the policy family: a fixed table for the known families
 *       (G-CLOCK, CLOCK, HOT/COOL, S3-FIFO, LRU and its kin, OPT with bypass, OPT with demand paging,
 *       Caffeine's W-TinyLFU, ARC, CAR, SIEVE, LIRS, CLOCK-Pro, 2Q, FIFO), a stable hash of the family name into a
 *       palette for any other.
 *   <li>The <b>marker and dash</b>: a known family with its default parameters (a registered
 *       spec is reduced to the parameters that differ from its defaults by {@link PolicyLabel}, so
 *       {@code gclock} and {@code gclock:maxUsage=5,batch=1,hand=global} are one policy) takes the family's
 *       own marker and dash from the table, and no two known families share a dash or a marker.
 *       A variant (other parameters, or a qualifier) takes a marker and a dash from stable hashes
 *       of its family, parameters and qualifier, never the family's own marker nor its dash.
 * </ul>
 *
 * <p>The hash is FNV-1a over the UTF-8 bytes, the same on every JVM. Only where two series of
 * one chart would otherwise share a look does {@link #forChart} depart from {@link #of}: two
 * families outside the table with one hashed colour, or two names with one colour, dash and
 * (where drawn) marker; that depends on the set of names in the chart, never on their order, and never moves a
 * family of the table off its colour.
 */
public record SeriesStyle(Color color, Marker marker, BasicStroke line) {
  static final Marker[] MARKERS = {
    SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP,
    SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS, SeriesMarkers.TRAPEZOID
  };

  private static final float WIDTH = 2.0f;

  /** Dash patterns (null: solid), each distinct where lines overlap. */
  private static final float[][] DASHES = {
    null, {10f, 5f}, {3f, 3f}, {1.5f, 3.5f}, {10f, 4f, 2f, 4f}, {10f, 3f, 2f, 3f, 2f, 3f}, {12f, 6f}, {6f, 2f}
  };

  static final BasicStroke[] LINES = new BasicStroke[DASHES.length];

  static {
    for (int i = 0; i < DASHES.length; i++) {
      LINES[i] = DASHES[i] == null
          ? new BasicStroke(WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
          : new BasicStroke(WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, DASHES[i], 0f);
    }
  }

  /** Colours for families outside the table (Paul Tol's muted and bright schemes, no pale ones). */
  private static final Color[] PALETTE = {
    rgb(0x332288), rgb(0x117733), rgb(0x44AA99), rgb(0x88CCEE), rgb(0xDDCC77), rgb(0xCC6677),
    rgb(0xAA4499), rgb(0x882255), rgb(0x4477AA), rgb(0x228833), rgb(0xCCBB44), rgb(0xEE6677),
    rgb(0x66CCEE), rgb(0xAA3377), rgb(0x999933), rgb(0x6F4E37)
  };

  private record Family(Color color, int marker, int dash) {}

  /**
   * The known families by normalized name (lower case, no '-', '_'). Colours from Okabe and Ito's
   * colour-blind-safe set and Paul Tol's muted scheme; families that share a colour are kin (LRU
   * and the pool's LRU, LRU-K and SLRU, CLOCK-Pro, its paper variant and 2Q) and differ in marker and dash. No two
   * families share a colour and a marker, nor a colour and a dash; OPT is drawn as crosses.
   */
  private static final Map<String, Family> FAMILIES = new LinkedHashMap<>();

  static {
    // Markers: 0 circle, 1 square, 2 diamond, 3 triangle up, 4 triangle down, 5 cross, 6 plus, 7 trapezoid.
    FAMILIES.put("gclock", new Family(rgb(0x0072B2), 0, 0));
    FAMILIES.put("hotcool", new Family(rgb(0xD55E00), 1, 1));
    FAMILIES.put("s3fifo", new Family(rgb(0x009E73), 2, 4));
    FAMILIES.put("lru", new Family(rgb(0xCC79A7), 3, 2));
    FAMILIES.put("opt", new Family(rgb(0x000000), 5, 6));
    FAMILIES.put("optdemand", new Family(rgb(0x7F7F7F), 6, 3));
    FAMILIES.put("caffeine", new Family(rgb(0xE69F00), 7, 5));
    FAMILIES.put("arc", new Family(rgb(0x999933), 4, 7));
    FAMILIES.put("car", new Family(rgb(0x999933), 2, 1));
    FAMILIES.put("clock", new Family(rgb(0x56B4E9), 1, 7));
    FAMILIES.put("lrupool", new Family(rgb(0xCC79A7), 0, 5));
    FAMILIES.put("lruk", new Family(rgb(0x882255), 3, 3));
    FAMILIES.put("slru", new Family(rgb(0x882255), 1, 6));
    FAMILIES.put("sieve", new Family(rgb(0x44AA99), 0, 3));
    FAMILIES.put("lirs", new Family(rgb(0xAA4499), 1, 4));
    FAMILIES.put("clockpro", new Family(rgb(0x332288), 2, 5));
    FAMILIES.put("clockpropaper", new Family(rgb(0x332288), 6, 1));
    FAMILIES.put("2q", new Family(rgb(0x332288), 4, 2));
    FAMILIES.put("fifo", new Family(rgb(0x6F4E37), 6, 4));
  }

  private static final Map<String, String> ALIASES = Map.of(
      "wtinylfu", "caffeine", "tinylfu", "caffeine", "belady", "opt", "min", "opt", "twoq", "2q");

  /** The style of a series named {@code name}, the same for the same name in every chart and run. */
  public static SeriesStyle of(String name) {
    Parsed p = Parsed.of(name);
    Family known = FAMILIES.get(p.family);
    Color color = known != null ? known.color : PALETTE[index(hash("colour " + p.family), PALETTE.length)];
    int marker = known != null ? known.marker : index(hash("marker " + p.family), MARKERS.length);
    int dash = known != null ? known.dash : index(hash("dash " + p.family), DASHES.length);
    if (!p.variant.isEmpty()) {
      // A variant differs from its family in both marker and dash, so it stays apart where markers are left out.
      marker = (marker + 1 + index(hash("marker " + p.family + "|" + p.variant), MARKERS.length - 1)) % MARKERS.length;
      dash = (dash + 1 + index(hash("dash " + p.family + "|" + p.variant), DASHES.length - 1)) % DASHES.length;
    }
    return new SeriesStyle(color, MARKERS[marker], LINES[dash]);
  }

  /**
   * The styles of one chart's series: {@link #of} for each name, with two exceptions that depend
   * on the set of names only, never on their order. A family outside the table whose hashed
   * colour another family of the chart already has takes the next free palette colour (families
   * of the table keep theirs). A name that would look like another name of the chart (same
   * colour, dash and, when {@code markers} are drawn, marker) moves to the next free dash and
   * marker of its colour. Names are settled in sorted order, families of the table first.
   */
  public static Map<String, SeriesStyle> forChart(Collection<String> names, boolean markers) {
    List<String> sorted = new ArrayList<>(new HashSet<>(names));
    sorted.sort((a, b) -> {
      boolean ka = FAMILIES.containsKey(Parsed.of(a).family);
      boolean kb = FAMILIES.containsKey(Parsed.of(b).family);
      return ka != kb ? (ka ? -1 : 1) : a.compareTo(b);
    });
    Map<String, SeriesStyle> byName = new LinkedHashMap<>();
    Set<List<Object>> taken = new HashSet<>();
    Map<String, Color> familyColour = new LinkedHashMap<>();
    int combos = MARKERS.length * DASHES.length;
    for (String name : sorted) {
      String family = Parsed.of(name).family;
      SeriesStyle s = of(name);
      Color colour = familyColour.get(family);
      if (colour == null) {
        colour = s.color;
        if (!FAMILIES.containsKey(family)) {
          int start = Arrays.asList(PALETTE).indexOf(colour);
          for (int k = 1; familyColour.containsValue(colour) && k < PALETTE.length; k++) colour = PALETTE[(start + k) % PALETTE.length];
        }
        familyColour.put(family, colour);
      }
      s = new SeriesStyle(colour, s.marker, s.line);
      int marker = Arrays.asList(MARKERS).indexOf(s.marker);
      int dash = Arrays.asList(LINES).indexOf(s.line);
      // Dash first, then marker: k walks the dashes of one marker before the next marker.
      for (int k = 1; taken.contains(look(s, markers)) && k < combos; k++) {
        s = new SeriesStyle(colour, MARKERS[(marker + k / DASHES.length) % MARKERS.length], LINES[(dash + k) % DASHES.length]);
      }
      taken.add(look(s, markers));
      byName.put(name, s);
    }
    Map<String, SeriesStyle> inOrder = new LinkedHashMap<>();
    for (String name : names) inOrder.put(name, byName.get(name));
    return inOrder;
  }

  /** The styles of one chart's series with markers drawn; see {@link #forChart(Collection, boolean)}. */
  public static Map<String, SeriesStyle> forChart(Collection<String> names) {
    return forChart(names, true);
  }

  /**
   * The fill colours of one bar chart's series, where only colour tells bars apart: the colours
   * of {@link #forChart}, and where several names share one (variants of a family), the first
   * in sorted order keeps it and the others take shades of it, alternately darker and lighter.
   */
  public static Map<String, Color> barColours(Collection<String> names) {
    Map<String, SeriesStyle> styles = forChart(names, false);
    List<String> sorted = new ArrayList<>(styles.keySet());
    sorted.sort(null);
    Map<Color, Integer> seen = new LinkedHashMap<>();
    Map<String, Color> byName = new LinkedHashMap<>();
    for (String name : sorted) {
      Color c = styles.get(name).color;
      int k = seen.merge(c, 1, Integer::sum) - 1;
      byName.put(name, k == 0 ? c : shade(c, k));
    }
    Map<String, Color> inOrder = new LinkedHashMap<>();
    for (String name : names) inOrder.put(name, byName.get(name));
    return inOrder;
  }

  /** The k-th shade of {@code c} (k >= 1): odd k darker, even k lighter, further with k. */
  static Color shade(Color c, int k) {
    double f = Math.min(0.8, 0.3 * ((k + 1) / 2));
    boolean darker = k % 2 == 1;
    int[] rgb = {c.getRed(), c.getGreen(), c.getBlue()};
    for (int i = 0; i < 3; i++) rgb[i] = (int) Math.round(darker ? rgb[i] * (1 - f) : rgb[i] + (255 - rgb[i]) * f);
    return new Color(rgb[0], rgb[1], rgb[2]);
  }

  /** What a reader tells series apart by. */
  private static List<Object> look(SeriesStyle s, boolean markers) {
    return markers ? List.of(s.color, s.marker, s.line) : List.of(s.color, s.line);
  }

  /** The name split into family (normalized) and variant (parameters and qualifier; empty for the family's defaults). */
  private record Parsed(String family, String variant) {
    static Parsed of(String name) {
      String text = name.strip();
      int space = indexOfWhitespace(text);
      String policy = space < 0 ? text : text.substring(0, space);
      String qualifier = space < 0 ? "" : text.substring(space).strip();
      int colon = policy.indexOf(':');
      String rawFamily = colon < 0 ? policy : policy.substring(0, colon);
      String params = colon < 0 ? "" : policy.substring(colon + 1);
      String family = normalize(rawFamily);
      if (!FAMILIES.containsKey(family) && !family.startsWith("opt") && !Registered.REGISTRY.contains(rawFamily)) {
        // Not a policy: the whole name is its own family ("rings on", "closed form K*").
        return new Parsed(normalize(text), "");
      }
      boolean opt = family.startsWith("opt");
      if (opt && (family.contains("demand") || params.contains("demand")
          || params.matches(".*\\bbypass=(false|off|no|0)\\b.*"))) {
        family = "optdemand";
      }
      // OPT's one parameter picks the family (bypass or demand paging), so neither form is a variant.
      String variant = opt ? "" : SeriesStyle.variant(policy);
      if (!qualifier.isEmpty()) variant = variant.isEmpty() ? qualifier : variant + " " + qualifier;
      return new Parsed(family, variant);
    }
  }

  /** The registered selectors, to complete a selector name with its default parameters. */
  private static final class Registered {
    private static final SelectorRegistry REGISTRY = load();

    private static SelectorRegistry load() {
      try {
        return SelectorRegistry.load();
      } catch (RuntimeException | ServiceConfigurationError e) {
        return SelectorRegistry.of();
      }
    }
  }

  /** The parameters of {@code policy} that differ from its defaults ({@link PolicyLabel}), "" when none. */
  private static String variant(String policy) {
    String label = PolicyLabel.of(policy);
    int colon = label.indexOf(':');
    return colon < 0 ? "" : label.substring(colon + 1);
  }

  private static int indexOfWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) if (Character.isWhitespace(s.charAt(i))) return i;
    return -1;
  }

  static String normalize(String family) {
    String n = family.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    return ALIASES.getOrDefault(n, n);
  }

  /** FNV-1a, 32 bits, over the UTF-8 bytes. */
  static int hash(String s) {
    int h = 0x811C9DC5;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xFF;
      h *= 0x01000193;
    }
    return h;
  }

  private static int index(int hash, int n) {
    return Math.floorMod(hash, n);
  }

  private static Color rgb(int v) {
    return new Color(v);
  }
}
