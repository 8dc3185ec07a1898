package dev.bufmgr.sweep;

import dev.bufmgr.replay.facts.TraceCharacter;
import dev.bufmgr.results.report.Json;
import java.io.Serial;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a sweep's results: a configuration (trace, policy, size) and what its replay gave,
 * or why it has no result. Its {@link #status} is {@value #OK} for a replayed configuration,
 * {@value #SKIPPED} for a size below {@link SweepSize#MIN_FRAMES} frames (named, never silently
 * left out), and {@value #FAILED} for a task that could not run (one row for the whole trace,
 * with the file, record and message in {@link #reason}).
 *
 * @param configId the configuration's stable id ({@link ConfigIds}); for a failed task, the task's key
 * @param dataset the trace's dataset
 * @param trace the trace as named
 * @param format the trace format spec
 * @param requests page requests in the trace (0 when unknown)
 * @param footprint distinct pages the trace touches (0 when unknown)
 * @param policy the policy's canonical spec (null for a failed task)
 * @param size the size as given ({@link SweepSize#text}; null for a failed task)
 * @param frames the cache size in frames (0 when unknown)
 * @param fraction frames as a fraction of the footprint when the size was given as one, else NaN
 * @param hits requests found in the cache
 * @param misses requests not found
 * @param missRatio misses over requests (NaN without a result)
 * @param seconds the time this configuration's replay took, within the shared pass
 * @param status {@value #OK}, {@value #SKIPPED} or {@value #FAILED}
 * @param reason why a row has no result (null for {@value #OK}), or, on a sampled row, why its
 *     estimate is not to be trusted
 * @param sampleRate the share of pages a sampled replay kept ({@code --sample}: SHARDS with
 *     miniature simulation; hits and misses are then the sample's scaled back, the miss ratio
 *     adjusted), or NaN for an exact replay
 * @param character the trace's character (the same on every row of a trace; null when not
 *     counted: a task that failed before counting, rows written before it was counted); its
 *     figures are the columns {@link #CHARACTER_COLUMNS}
 */
public record SweepRow(String configId, String dataset, String trace, String format, long requests, long footprint,
    String policy, String size, long frames, double fraction, long hits, long misses, double missRatio, double seconds,
    String status, String reason, double sampleRate, TraceCharacter character) implements SweepResult {
  @Serial private static final long serialVersionUID = 1L;

  /** The status of a replayed configuration. */
  public static final String OK = "ok";
  /** The status of a size too small to replay. */
  public static final String SKIPPED = "skipped";
  /** The status of a task that failed. */
  public static final String FAILED = "failed";

  /** A column of the rows' table: its name and its type ({@code string}, {@code long} or {@code double}). */
  public record Column(String name, String type) {}

  /**
   * The trace's character as columns ({@link TraceCharacter#values} but requests and footprint,
   * which are columns already): every one a double, null where unknown or not counted.
   */
  public static final List<String> CHARACTER_COLUMNS =
      TraceCharacter.NAMES.stream().filter(n -> !n.equals("requests") && !n.equals("footprint")).toList();

  /** The columns, in order, as every output (JSONL, Parquet, Spark's schema) names them. */
  public static final List<Column> COLUMNS = columns(List.of(
      new Column("configId", "string"), new Column("dataset", "string"), new Column("trace", "string"),
      new Column("format", "string"), new Column("requests", "long"), new Column("footprint", "long"),
      new Column("policy", "string"), new Column("size", "string"), new Column("frames", "long"),
      new Column("fraction", "double"), new Column("hits", "long"), new Column("misses", "long"),
      new Column("missRatio", "double"), new Column("seconds", "double"), new Column("status", "string"),
      new Column("reason", "string"), new Column("sampleRate", "double")));

  private static List<Column> columns(List<Column> first) {
    List<Column> all = new java.util.ArrayList<>(first);
    for (String n : CHARACTER_COLUMNS) all.add(new Column(n, "double"));
    return List.copyOf(all);
  }

  /** A row without the trace's character. */
  public SweepRow(String configId, String dataset, String trace, String format, long requests, long footprint, String policy,
      String size, long frames, double fraction, long hits, long misses, double missRatio, double seconds, String status,
      String reason, double sampleRate) {
    this(configId, dataset, trace, format, requests, footprint, policy, size, frames, fraction, hits, misses, missRatio, seconds,
        status, reason, sampleRate, null);
  }

  /** A row of an exact replay. */
  public SweepRow(String configId, String dataset, String trace, String format, long requests, long footprint, String policy,
      String size, long frames, double fraction, long hits, long misses, double missRatio, double seconds, String status,
      String reason) {
    this(configId, dataset, trace, format, requests, footprint, policy, size, frames, fraction, hits, misses, missRatio, seconds,
        status, reason, Double.NaN);
  }

  /** Whether the row holds a result. */
  public boolean ok() {
    return OK.equals(status);
  }

  /** The row's values by column name, in {@link #COLUMNS} order (NaN as null). */
  public Map<String, Object> values() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("configId", configId);
    m.put("dataset", dataset);
    m.put("trace", trace);
    m.put("format", format);
    m.put("requests", requests);
    m.put("footprint", footprint);
    m.put("policy", policy);
    m.put("size", size);
    m.put("frames", frames);
    m.put("fraction", Double.isNaN(fraction) ? null : fraction);
    m.put("hits", hits);
    m.put("misses", misses);
    m.put("missRatio", Double.isNaN(missRatio) ? null : missRatio);
    m.put("seconds", seconds);
    m.put("status", status);
    m.put("reason", reason);
    m.put("sampleRate", Double.isNaN(sampleRate) ? null : sampleRate);
    Map<String, Object> c = character == null ? Map.of() : character.values();
    for (String n : CHARACTER_COLUMNS) m.put(n, c.get(n));
    return m;
  }

  /** The row as one JSON line (without the line break). */
  public String toJson() {
    return Json.object(values());
  }

  /**
   * The row a JSON line holds.
   *
   * @throws IllegalArgumentException when the line is not a row (a field missing or of another type)
   */
  public static SweepRow fromJson(String line) {
    Map<String, Object> m = FlatJson.parse(line);
    return new SweepRow(str(m, "configId"), str(m, "dataset"), str(m, "trace"), str(m, "format"), num(m, "requests"),
        num(m, "footprint"), str(m, "policy"), str(m, "size"), num(m, "frames"), real(m, "fraction"), num(m, "hits"),
        num(m, "misses"), real(m, "missRatio"), real(m, "seconds"), str(m, "status"), str(m, "reason"),
        m.containsKey("sampleRate") ? real(m, "sampleRate") : Double.NaN, character(m));
  }

  /**
   * The character a row's fields hold: null when they hold none of it (a row written before it
   * was counted, or of a task that failed first); its requests and footprint are the row's.
   */
  private static TraceCharacter character(Map<String, Object> m) {
    if (CHARACTER_COLUMNS.stream().allMatch(n -> m.get(n) == null)) return null;
    Map<String, Object> v = new java.util.HashMap<>();
    for (String n : CHARACTER_COLUMNS) v.put(n, m.get(n));
    v.put("requests", m.get("requests"));
    v.put("footprint", m.get("footprint"));
    return TraceCharacter.fromValues(v);
  }

  private static String str(Map<String, Object> m, String k) {
    Object v = field(m, k);
    if (v == null || v instanceof String) return (String) v;
    throw new IllegalArgumentException("field '" + k + "' is not a string");
  }

  private static long num(Map<String, Object> m, String k) {
    if (field(m, k) instanceof Long l) return l;
    throw new IllegalArgumentException("field '" + k + "' is not a whole number");
  }

  private static double real(Map<String, Object> m, String k) {
    Object v = field(m, k);
    if (v == null) return Double.NaN;
    if (v instanceof Number n) return n.doubleValue();
    throw new IllegalArgumentException("field '" + k + "' is not a number");
  }

  private static Object field(Map<String, Object> m, String k) {
    if (!m.containsKey(k)) throw new IllegalArgumentException("field '" + k + "' is missing");
    return m.get(k);
  }
}
