package dev.bufmgr.core.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the shared LIRS test traces ({@code ../shared/traces/lirs} beside the repository root)
 * and reads one as page ids. Test-only: the project's real readers live in {@code workloads}.
 */
public final class SharedTraces {
  private SharedTraces() {}

  /** The folder of LIRS traces; the calling test is skipped when it cannot be found. */
  public static Path lirsFolder() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("traces").resolve("lirs");
      if (Files.isDirectory(candidate)) return candidate;
      Path inside = p.resolve("shared").resolve("traces").resolve("lirs");
      if (Files.isDirectory(inside)) return inside;
    }
    Assumptions.abort("shared/traces/lirs not found above " + dir);
    return null;
  }

  /** The requests of a gzip LIRS trace ({@code *} lines skipped). */
  public static long[] lirs(String fileName) {
    Path file = lirsFolder().resolve(fileName);
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
      LongList out = new LongList();
      String line;
      while ((line = r.readLine()) != null) {
        String t = line.trim();
        if (t.isEmpty() || t.equals("*")) continue;
        out.add(Long.parseLong(t));
      }
      return out.toArray();
    } catch (IOException e) {
      throw new UncheckedIOException(file.toString(), e);
    }
  }

  /** The number of distinct pages in a request array. */
  public static int distinct(long[] pages) {
    return (int) java.util.Arrays.stream(pages).distinct().count();
  }

  private static final class LongList {
    private long[] a = new long[1024];
    private int n;

    void add(long v) {
      if (n == a.length) a = java.util.Arrays.copyOf(a, n * 2);
      a[n++] = v;
    }

    long[] toArray() {
      return java.util.Arrays.copyOf(a, n);
    }
  }
}
