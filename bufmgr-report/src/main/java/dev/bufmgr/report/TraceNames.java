package dev.bufmgr.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a report calls each trace: its file name when no other trace of the rows has that file
 * name, else the trace as the rows name it (a path). {@code --trace NAME} finds a trace by that
 * name, by the trace as the rows name it, or by its file name without extensions
 * ({@code zipf-0.9-20k} for {@code zipf-0.9-20k.oracleGeneral.zst}) when that is unique.
 */
public final class TraceNames {
  private final Map<String, String> shortName = new LinkedHashMap<>();
  private final Map<String, List<String>> byStem = new HashMap<>();

  /** The names of {@code traces} (as the rows name them). */
  public TraceNames(List<String> traces) {
    Map<String, Integer> count = new HashMap<>();
    for (String t : traces) count.merge(fileName(t), 1, Integer::sum);
    for (String t : traces) {
      shortName.put(t, count.get(fileName(t)) == 1 ? fileName(t) : t);
      byStem.computeIfAbsent(key(fileName(t)), k -> new ArrayList<>()).add(t);
    }
  }

  /** A trace's name in figures and the summary. */
  public String of(String trace) {
    return shortName.getOrDefault(trace, trace);
  }

  /**
   * The trace {@code given} names ({@code flag} for messages).
   *
   * @throws IllegalArgumentException when it names none or several
   */
  public String find(String flag, String given) {
    if (shortName.containsKey(given)) return given;
    for (Map.Entry<String, String> e : shortName.entrySet()) if (e.getValue().equals(given)) return e.getKey();
    List<String> stems = byStem.getOrDefault(key(given), List.of());
    if (stems.size() == 1) return stems.getFirst();
    if (stems.size() > 1) throw new IllegalArgumentException(flag + " " + given + ": names " + stems.size() + " traces; give one's path: " + String.join(", ", stems));
    List<String> some = shortName.values().stream().limit(5).toList();
    throw new IllegalArgumentException(flag + " " + given + ": no such trace in the rows (" + shortName.size() + " traces, such as "
        + String.join(", ", some) + ")");
  }

  /**
   * A trace's part of a chart's file name: its file name without extensions when no other trace
   * has that stem, else its name ({@link #of}); made {@link #fileSafe}.
   */
  public String forFile(String trace) {
    String name = fileName(trace);
    return fileSafe(byStem.getOrDefault(key(name), List.of()).size() == 1 ? stem(name) : of(trace));
  }

  /** A name made safe as part of a file name: anything but letters, digits, '.', '-' and '_' becomes '_'. */
  public static String fileSafe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static String fileName(String trace) {
    try {
      Path p = Path.of(trace).getFileName();
      return p == null ? trace : p.toString();
    } catch (java.nio.file.InvalidPathException e) {
      return trace;
    }
  }

  /** A file name without its compression and format extensions, its case kept. */
  private static String stem(String name) {
    String n = name;
    for (String ext : new String[] {".zst", ".gz", ".xz", ".bz2", ".lz4"}) n = cut(n, ext);
    for (String ext : new String[] {".oraclegeneral", ".oracle", ".csv", ".txt", ".bin", ".vscsi", ".trace", ".lirs", ".blk"}) n = cut(n, ext);
    return n;
  }

  private static String cut(String name, String ext) {
    return name.toLowerCase(Locale.ROOT).endsWith(ext) ? name.substring(0, name.length() - ext.length()) : name;
  }

  private static String key(String name) {
    return stem(name).toLowerCase(Locale.ROOT);
  }
}
