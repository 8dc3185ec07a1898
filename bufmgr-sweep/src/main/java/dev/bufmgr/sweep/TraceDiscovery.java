package dev.bufmgr.sweep;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds the traces a sweep's {@code --traces} names. Each argument is a file; a folder, searched
 * recursively for files whose header or name tells their format ({@link TraceFormats#choose}; with
 * {@code --format}, every file), hidden files and folders left out; a glob ({@code traces/*&#47;*.zst}, matched below
 * its longest folder without wildcards); or {@code @list.txt}, a file of such arguments, one a line,
 * each optionally followed by a tab and the dataset name ({@code #} starts a comment; relative
 * paths are relative to the list's folder). A URI of another file system ({@code hdfs://},
 * {@code s3a://}) is taken as one trace, for an engine that can read it. A trace's dataset is its
 * folder's name unless its list line names one. A file reached twice is one trace.
 */
public final class TraceDiscovery {
  /**
   * A trace found.
   *
   * @param trace the path as the sweep names it (absolute and normalized for a local file)
   * @param format the format spec
   * @param dataset the dataset
   */
  public record Found(String trace, String format, String dataset) {}

  private final String forcedFormat;
  private final Map<String, Found> found = new LinkedHashMap<>();

  private TraceDiscovery(String forcedFormat) {
    this.forcedFormat = forcedFormat;
  }

  /**
   * The traces {@code args} name, in the order given (a folder's in name order).
   *
   * @param format the {@code --format} spec for every trace, or null to tell each by its name
   * @throws IllegalArgumentException naming the argument that names nothing, a file whose format
   *     cannot be told, or a list file's bad line
   */
  public static List<Found> find(List<String> args, String format) {
    TraceDiscovery d = new TraceDiscovery(format);
    for (String a : args) d.add(a, null, Path.of(""));
    if (d.found.isEmpty()) throw new IllegalArgumentException("--traces " + String.join(" ", args) + ": no trace files found");
    return List.copyOf(d.found.values());
  }

  private void add(String arg, String dataset, Path base) {
    if (arg.isBlank()) throw new IllegalArgumentException("--traces: an empty path");
    if (arg.startsWith("@")) {
      list(base.resolve(arg.substring(1)));
      return;
    }
    if (arg.startsWith("file:")) {
      try {
        add(Path.of(URI.create(arg)).toString(), dataset, base);
        return;
      } catch (IllegalArgumentException | FileSystemNotFoundException e) {
        throw new IllegalArgumentException("--traces " + arg + ": not a file URI (" + e.getMessage() + ")");
      }
    }
    if (isUri(arg)) {
      String name = arg.substring(arg.lastIndexOf('/') + 1);
      String parent = arg.substring(0, Math.max(0, arg.lastIndexOf('/')));
      put(arg, name, dataset != null ? dataset : parent.substring(parent.lastIndexOf('/') + 1), true);
      return;
    }
    if (hasWildcard(arg)) {
      glob(base, arg, dataset);
      return;
    }
    Path p = base.resolve(arg).toAbsolutePath().normalize();
    if (Files.isDirectory(p)) folder(p, dataset);
    else if (Files.isRegularFile(p)) put(p.toString(), p.getFileName().toString(), datasetOf(p, dataset), true);
    else if (Files.exists(p)) throw new IllegalArgumentException("--traces " + arg + ": not a file or folder");
    else throw new IllegalArgumentException("--traces " + arg + ": no such file or folder");
  }

  private void folder(Path dir, String dataset) {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> Files.isRegularFile(p) && !hidden(dir, p)).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException("--traces " + dir + ": cannot read the folder (" + reason(e) + ")");
    }
    for (Path p : files) put(p.toString(), p.getFileName().toString(), datasetOf(p, dataset), false);
  }

  private void glob(Path base, String pattern, String dataset) {
    Path abs = base.resolve(pattern).toAbsolutePath().normalize();
    Path root = abs.getRoot();
    for (Path part : abs) {
      if (hasWildcard(part.toString())) break;
      root = root.resolve(part);
    }
    if (!Files.isDirectory(root)) throw new IllegalArgumentException("--traces " + pattern + ": no such folder " + root);
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + abs);
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> Files.isRegularFile(p) && m.matches(p)).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException("--traces " + pattern + ": cannot read " + root + " (" + reason(e) + ")");
    }
    if (files.isEmpty()) throw new IllegalArgumentException("--traces " + pattern + ": matches no file");
    for (Path p : files) put(p.toString(), p.getFileName().toString(), datasetOf(p, dataset), true);
  }

  /** The largest list file read: a list of a million traces fits many times over. */
  static final long MAX_LIST_BYTES = 64L << 20;

  private void list(Path file) {
    List<String> lines;
    try {
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException("--traces @" + file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
      }
      if (Files.size(file) > MAX_LIST_BYTES) {
        throw new IllegalArgumentException("--traces @" + file + ": larger than " + (MAX_LIST_BYTES >> 20) + " MiB; not a list of traces");
      }
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (lines.stream().anyMatch(l -> l.indexOf('\0') >= 0)) throw new IllegalArgumentException("--traces @" + file + ": not a text file");
    } catch (IOException e) {
      throw new IllegalArgumentException("--traces @" + file + ": cannot read (" + IoReasons.of(e) + ")");
    } catch (UncheckedIOException e) {
      throw new IllegalArgumentException("--traces @" + file + ": not a text file");
    }
    Path base = file.toAbsolutePath().getParent();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) continue;
      int tab = line.indexOf('\t');
      String path = tab < 0 ? line : line.substring(0, tab).strip();
      String dataset = tab < 0 ? null : line.substring(tab + 1).strip();
      if (path.startsWith("@")) throw new IllegalArgumentException(file + ": line " + (i + 1) + ": a list cannot name another list");
      try {
        add(path, dataset == null || dataset.isEmpty() ? null : dataset, base);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + ": line " + (i + 1) + ": " + e.getMessage().replaceFirst("^--traces ", ""));
      }
    }
  }

  /**
   * Adds a trace; {@code named} says the user named this very file, so a name that does not tell
   * its format is an error rather than a file to pass over.
   */
  private void put(String trace, String name, String dataset, boolean named) {
    TraceFormats.Choice told = forcedFormat != null || isUri(trace) ? null : TraceFormats.tell(Path.of(trace));
    String format = forcedFormat != null ? forcedFormat : told != null ? told.spec() : TraceFormats.byName(name);
    if (format == null) {
      if (named) {
        throw new IllegalArgumentException("--traces " + trace + ": cannot tell the trace format from the name; add --format");
      }
      return;
    }
    found.putIfAbsent(trace, new Found(trace, format, dataset));
  }

  private static String datasetOf(Path file, String dataset) {
    if (dataset != null) return dataset;
    Path parent = file.getParent();
    return parent == null || parent.getFileName() == null ? "traces" : parent.getFileName().toString();
  }

  private static boolean hidden(Path root, Path p) {
    for (Path part : root.relativize(p)) if (part.toString().startsWith(".")) return true;
    return false;
  }

  private static boolean isUri(String arg) {
    int colon = arg.indexOf("://");
    return colon > 1 && arg.substring(0, colon).chars().allMatch(Character::isLetterOrDigit);
  }

  private static boolean hasWildcard(String s) {
    return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
  }

  private static String reason(Exception e) {
    Throwable c = e instanceof UncheckedIOException u ? u.getCause() : e;
    return c instanceof IOException io ? IoReasons.of(io) : String.valueOf(c.getMessage());
  }
}
