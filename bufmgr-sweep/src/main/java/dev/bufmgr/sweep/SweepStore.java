package dev.bufmgr.sweep;

import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultsFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sweep's results folder, written as the sweep goes so that a killed sweep keeps every task it
 * finished and a rerun does only the rest:
 *
 * <pre>
 *   sweep.json             the sweep's id and what it covers (written first)
 *   tasks/KEY.jsonl        a finished task's rows, written whole and renamed into place
 *   tasks/KEY.failed.jsonl a failed task's row (a rerun tries the task again)
 *   facts/KEY.json         a trace's counted facts ({@link FactsCache})
 *   results.jsonl          every task's rows in the plan's order, made at the end of each run
 *   .bufmgr-manifest       every file above, appended before the file is made
 * </pre>
 *
 * A folder holding another sweep's results is refused unless {@code --force}, which then removes
 * that sweep's files (named in the manifest) and nothing else; a folder holding files bufmgr did
 * not write is refused unless {@code --force}, which then writes beside them ({@link OutputTarget}).
 */
public final class SweepStore {
  /** The sweep's description, the mark of a sweep's folder. */
  public static final String SWEEP_FILE = "sweep.json";
  /** Every task's rows together. */
  public static final String RESULTS_FILE = "results.jsonl";

  private static final String TASKS = "tasks";
  private static final String FAILED = ".failed.jsonl";
  private static final String DONE = ".jsonl";

  private final Path dir;
  private final Plan plan;
  private final FactsCache facts;
  private Set<String> noted;

  private SweepStore(Path dir, Plan plan) {
    this.dir = dir;
    this.plan = plan;
    this.facts = new FactsCache(this);
  }

  /**
   * Opens {@code out} for {@code plan}: a new folder, or one holding this very sweep (resumed),
   * or, with {@code force}, another sweep's (replaced) or a folder with other files (written beside them).
   *
   * @throws IllegalArgumentException naming {@code --out} and why the folder cannot be used
   */
  public static SweepStore open(Path out, Plan plan, boolean force) {
    Path dir = out.toAbsolutePath().normalize();
    Path sweepFile = dir.resolve(SWEEP_FILE);
    SweepStore store = new SweepStore(dir, plan);
    try {
      if (Files.isRegularFile(sweepFile) && ResultsFolder.manifestOf(dir).contains(SWEEP_FILE)) {
        String earlier = Files.readString(sweepFile, StandardCharsets.UTF_8).strip();
        if (earlier.equals(plan.describe())) return store;
        if (!force) {
          throw new IllegalArgumentException("--out " + out + ": holds the results of another sweep (" + brief(earlier)
              + "); name another folder, rerun that sweep to resume it, or add --force to replace its results "
              + "(only files bufmgr wrote there are removed)");
        }
        store.removeOwnFiles();
      } else {
        OutputTarget.folder("--out", out, force).check();
      }
      Files.createDirectories(dir.resolve(TASKS));
      store.write(SWEEP_FILE, plan.describe() + "\n");
      return store;
    } catch (IOException e) {
      throw new IllegalArgumentException("--out " + out + ": " + IoReasons.of(e));
    }
  }

  /** A sweep's description in a few words: its id, traces, policies and sizes. */
  private static String brief(String description) {
    try {
      Map<String, Object> m = FlatJson.parse(description);
      if ("pipeline".equals(m.get("kind"))) return "sweep " + m.get("sweep") + ": " + m.get("configurations") + " pipeline configurations";
      return "sweep " + m.get("sweep") + ": " + m.get("traces") + " traces, " + String.valueOf(m.get("policies")).split(" ").length
          + " policies, sizes " + m.get("sizes");
    } catch (IllegalArgumentException e) {
      return "an unreadable " + SWEEP_FILE;
    }
  }

  /** The folder. */
  public Path dir() {
    return dir;
  }

  /** The plan the folder holds. */
  public Plan plan() {
    return plan;
  }

  /** The facts of the traces counted so far, kept in the folder. */
  public FactsCache facts() {
    return facts;
  }

  /** The keys of the tasks whose rows are in the folder (failed tasks are not done). */
  public synchronized Set<String> done() {
    Set<String> keys = new HashSet<>();
    for (SweepTask t : plan.tasks()) if (Files.isRegularFile(taskFile(t.key(), DONE))) keys.add(t.key());
    return keys;
  }

  /** The plan's tasks not yet done, in order. */
  public List<SweepTask> pending() {
    Set<String> done = done();
    return plan.tasks().stream().filter(t -> !done.contains(t.key())).map(SweepTask.class::cast).toList();
  }

  /**
   * Keeps a task's rows: written whole to a temporary file and renamed into place, so the folder
   * holds every row of a task or none. A task that failed is kept apart and tried again by a rerun;
   * one that succeeds removes its earlier failure.
   */
  public synchronized void record(SweepTask task, List<? extends SweepResult> rows) {
    boolean failed = rows.stream().anyMatch(SweepResult::failed);
    StringBuilder sb = new StringBuilder();
    for (SweepResult r : rows) sb.append(r.toJson()).append('\n');
    write(TASKS + "/" + task.key() + (failed ? FAILED : DONE), sb.toString());
    if (!failed) {
      try {
        Files.deleteIfExists(taskFile(task.key(), FAILED));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove " + taskFile(task.key(), FAILED) + ": " + IoReasons.of(e), e);
      }
    }
  }

  /** Every row in the folder of a trace sweep's tasks, in the plan's order (a failed task's one row included). */
  public List<SweepRow> rows() {
    return results().stream().map(SweepRow.class::cast).toList();
  }

  /** Every row in the folder for the plan's tasks, of either kind, in the plan's order (a failed task's one row included). */
  public synchronized List<SweepResult> results() {
    List<SweepResult> rows = new ArrayList<>();
    for (SweepTask t : plan.tasks()) {
      Path f = taskFile(t.key(), DONE);
      if (!Files.isRegularFile(f)) f = taskFile(t.key(), FAILED);
      if (!Files.isRegularFile(f)) continue;
      try {
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          if (!line.isBlank()) rows.add(plan.row(line));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f + ": " + IoReasons.of(e), e);
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(f + ": not a file of sweep rows (" + e.getMessage() + ")", e);
      }
    }
    return rows;
  }

  /** Writes {@link #RESULTS_FILE}: every row, in order. */
  public synchronized void publish(List<? extends SweepResult> rows) {
    StringBuilder sb = new StringBuilder();
    for (SweepResult r : rows) sb.append(r.toJson()).append('\n');
    write(RESULTS_FILE, sb.toString());
  }

  /**
   * Writes {@code text} to the folder's file {@code rel} (named in the manifest first), whole:
   * a temporary file renamed into place.
   */
  synchronized void write(String rel, String text) {
    note(rel);
    AtomicOutput.writeString(dir.resolve(rel), text);
  }

  /** Names {@code rel} in the manifest, once, before the file is made (an engine writing a file of its own calls it first). */
  public synchronized void note(String rel) {
    try {
      if (noted == null) noted = new HashSet<>(ResultsFolder.manifestOf(dir));
      if (!noted.add(Path.of(rel).normalize().toString())) return;
      Files.writeString(dir.resolve(ResultsFolder.MANIFEST), rel + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve(ResultsFolder.MANIFEST) + ": " + IoReasons.of(e), e);
    }
  }

  private Path taskFile(String key, String suffix) {
    return dir.resolve(TASKS).resolve(key + suffix);
  }

  /** Removes the files an earlier sweep wrote here (named in the manifest), and the manifest. */
  private void removeOwnFiles() throws IOException {
    for (String rel : ResultsFolder.manifestOf(dir)) Files.deleteIfExists(dir.resolve(rel));
    Files.deleteIfExists(dir.resolve(ResultsFolder.MANIFEST));
    noted = null;
  }
}
