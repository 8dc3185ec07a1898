package dev.bufmgr.sweep;

import dev.bufmgr.results.report.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a sweep needs to know of a trace before its sizes can be resolved and its rows keyed: a
 * digest of its content, its length in bytes, its page requests and its footprint (distinct
 * pages). Counting them is a pass over the trace; {@link FactsCache} keeps them beside the
 * results so a rerun (or another sweep into the same folder) does not count again.
 *
 * @param digest the SHA-256 of the trace file's bytes, in hexadecimal
 * @param bytes the file's length
 * @param requests page requests
 * @param footprint distinct pages
 */
public record TraceFacts(String digest, long bytes, long requests, long footprint) {
  /** The facts as one JSON line. */
  public String toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("digest", digest);
    m.put("bytes", bytes);
    m.put("requests", requests);
    m.put("footprint", footprint);
    return Json.object(m);
  }

  /** The facts a JSON line holds; throws IllegalArgumentException when it holds none. */
  public static TraceFacts fromJson(String line) {
    Map<String, Object> m = FlatJson.parse(line);
    if (m.get("digest") instanceof String d && m.get("bytes") instanceof Long b && m.get("requests") instanceof Long r
        && m.get("footprint") instanceof Long f) {
      return new TraceFacts(d, b, r, f);
    }
    throw new IllegalArgumentException("not a facts record");
  }
}
