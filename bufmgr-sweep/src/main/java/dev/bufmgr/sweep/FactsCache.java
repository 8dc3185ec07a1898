package dev.bufmgr.sweep;

import dev.bufmgr.results.report.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The counted {@link TraceFacts} of local traces, one small file each under the results folder's
 * {@code facts/}, so a rerun or a later sweep into the folder resolves its sizes without a first
 * pass. An entry serves only while the trace file keeps the length and modification time it had
 * when counted; a changed file is counted again. A file that cannot be read back as an entry is
 * ignored (and replaced), and so is an entry kept before traces' character was counted (it lacks
 * {@link TraceFacts#character}): the trace is counted again, once.
 */
public final class FactsCache {
  private static final String FOLDER = "facts";

  private final SweepStore store;

  FactsCache(SweepStore store) {
    this.store = store;
  }

  /** The facts of the local trace {@code file} when counted before (character included) and unchanged since, else null. */
  public TraceFacts get(Path file) {
    Path entry = entryOf(file);
    try {
      if (!Files.isRegularFile(entry) || !Files.isRegularFile(file)) return null;
      String line = Files.readString(entry, StandardCharsets.UTF_8).strip();
      Map<String, Object> m = FlatJson.parse(line);
      if (!file.toString().equals(m.get("trace")) || !Long.valueOf(Files.size(file)).equals(m.get("bytes"))
          || !Long.valueOf(Files.getLastModifiedTime(file).toMillis()).equals(m.get("modified"))) {
        return null;
      }
      TraceFacts facts = TraceFacts.fromJson(line);
      return facts.character() == null ? null : facts;
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }

  /** Keeps the facts of the local trace {@code file}. */
  public void put(Path file, TraceFacts facts) {
    try {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("trace", file.toString());
      m.put("modified", Files.getLastModifiedTime(file).toMillis());
      m.putAll(FlatJson.parse(facts.toJson()));
      Files.createDirectories(store.dir().resolve(FOLDER));
      store.write(FOLDER + "/" + keyOf(file) + ".json", Json.object(m) + "\n");
    } catch (IOException e) {
      // The cache only saves a pass; a trace whose facts cannot be kept is counted again next time.
    }
  }

  private Path entryOf(Path file) {
    return store.dir().resolve(FOLDER).resolve(keyOf(file) + ".json");
  }

  private static String keyOf(Path file) {
    return Hashes.hex(Hashes.sha256(file.toString()), 16);
  }
}
