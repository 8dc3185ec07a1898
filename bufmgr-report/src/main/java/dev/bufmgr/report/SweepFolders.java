package dev.bufmgr.report;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.sweep.ParquetRowReader;
import dev.bufmgr.sweep.ParquetRows;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the rows of one or more sweeps' folders ({@value SweepStore#RESULTS_FILE}, as {@code
 * bufmgr sweep} writes it, or its {@value ParquetRows#FOLDER} where the JSON lines are absent:
 * {@link ParquetRowReader}) and merges them. A configuration found in several folders (the same
 * {@code configId}) is kept once when its result is the same everywhere (its replay time may
 * differ) and refused when it is not, since the report could only pick one at random.
 */
public final class SweepFolders {
  private SweepFolders() {}

  /**
   * The merged rows.
   *
   * @param rows every distinct row, in the order first read
   * @param files the files read
   * @param duplicates rows read more than once (same configuration, same result), kept once
   */
  public record Merged(List<SweepRow> rows, List<Path> files, int duplicates) {}

  /**
   * Reads and merges the folders' rows.
   *
   * @throws IllegalArgumentException in one line naming the folder, file or line at fault: a
   *     missing folder, a folder without {@value SweepStore#RESULTS_FILE}, a line that is not a
   *     row, or one configuration with two different results
   */
  public static Merged read(List<Path> dirs) {
    if (dirs.isEmpty()) throw new IllegalArgumentException("no sweep folder given");
    Map<String, Located> byId = new LinkedHashMap<>();
    List<Path> files = new ArrayList<>();
    int duplicates = 0;
    for (Path dir : dirs) {
      Path file = resultsFile(dir);
      files.add(file);
      for (Line l : lines(file)) {
        SweepRow row = parse(l.where(), l.text());
        Located earlier = byId.putIfAbsent(row.configId(), new Located(row, l.where()));
        if (earlier == null) continue;
        if (!sameResult(earlier.row, row)) {
          throw new IllegalArgumentException(l.where() + ": configuration " + row.configId() + " (" + describe(row)
              + ") has another result in " + earlier.where + " (" + result(earlier.row) + " against "
              + result(row) + "); merge only sweeps of the same traces and code");
        }
        duplicates++;
      }
    }
    return new Merged(byId.values().stream().map(Located::row).toList(), files, duplicates);
  }

  /** One row's text and where it was read ("FILE line N", or "FILE record N" in Parquet). */
  private record Line(String where, String text) {}

  /** The rows of {@code file}: the JSON lines of {@value SweepStore#RESULTS_FILE}, or the records of {@value ParquetRows#FOLDER}. */
  private static List<Line> lines(Path file) {
    List<Line> out = new ArrayList<>();
    if (file.getFileName().toString().equals(ParquetRows.FOLDER)) {
      for (ParquetRowReader.Record r : ParquetRowReader.read(file)) out.add(new Line(r.file() + " record " + r.record(), r.json()));
      return out;
    }
    int line = 0;
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String text = in.readLine(); text != null; text = in.readLine()) {
        line++;
        if (!text.isBlank()) out.add(new Line(file + " line " + line, text));
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read (" + IoReasons.of(e) + ")");
    }
    return out;
  }

  /**
   * The folder's rows file after checking that the folder is a sweep's: {@value
   * SweepStore#RESULTS_FILE}, or, where it is absent, the Parquet folder {@value ParquetRows#FOLDER}.
   */
  private static Path resultsFile(Path dir) {
    if (!Files.exists(dir)) throw new IllegalArgumentException(dir + ": no such folder");
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": not a folder (give a sweep's results folder)");
    Path file = dir.resolve(SweepStore.RESULTS_FILE);
    if (!Files.exists(file) && Files.isDirectory(dir.resolve(ParquetRows.FOLDER))) return dir.resolve(ParquetRows.FOLDER);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(dir + ": not a sweep's results folder (no " + SweepStore.RESULTS_FILE
          + "; bufmgr sweep --out " + dir + " writes one)");
    }
    return file;
  }

  private static SweepRow parse(String where, String text) {
    try {
      SweepRow row = SweepRow.fromJson(text);
      if (row.configId() == null || row.trace() == null || row.status() == null) {
        throw new IllegalArgumentException("configId, trace and status must be strings");
      }
      if (!List.of(SweepRow.OK, SweepRow.SKIPPED, SweepRow.FAILED).contains(row.status())) {
        throw new IllegalArgumentException("status '" + row.status() + "' is none of ok, skipped, failed");
      }
      if (!SweepRow.FAILED.equals(row.status()) && (row.policy() == null || row.size() == null)) {
        throw new IllegalArgumentException("a row with status " + row.status() + " needs its policy and size");
      }
      if (row.ok() && !(row.missRatio() >= 0 && row.missRatio() <= 1)) {
        throw new IllegalArgumentException("missRatio " + row.missRatio() + " outside 0..1");
      }
      return row;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": not a sweep row (" + e.getMessage() + ")");
    }
  }

  /** Whether two rows of one configuration hold one result (their replay times aside). */
  private static boolean sameResult(SweepRow a, SweepRow b) {
    return Objects.equals(a.status(), b.status()) && Objects.equals(a.policy(), b.policy()) && Objects.equals(a.size(), b.size())
        && a.frames() == b.frames() && a.hits() == b.hits() && a.misses() == b.misses()
        && Double.compare(a.missRatio(), b.missRatio()) == 0;
  }

  private static String describe(SweepRow r) {
    return r.trace() + (r.policy() == null ? "" : ", " + r.policy()) + (r.size() == null ? "" : ", size " + r.size());
  }

  private static String result(SweepRow r) {
    return r.ok() ? "miss ratio " + r.missRatio() : r.status();
  }

  private record Located(SweepRow row, String where) {}
}
