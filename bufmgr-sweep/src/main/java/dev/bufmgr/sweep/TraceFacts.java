package dev.bufmgr.sweep;

import dev.bufmgr.replay.facts.TraceCharacter;
import dev.bufmgr.results.report.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a sweep needs to know of a trace before its sizes can be resolved and its rows keyed: a
 * digest of its content, its length in bytes, its page requests and its footprint (distinct
 * pages), and its character ({@link TraceCharacter}: one-hit wonders, reuse distances, skew,
 * writes). Counting them is a pass over the trace; {@link FactsCache} keeps them beside the
 * results so a rerun (or another sweep into the same folder) does not count again.
 *
 * @param digest the SHA-256 of the trace file's bytes, in hexadecimal
 * @param bytes the file's length
 * @param requests page requests
 * @param footprint distinct pages
 * @param character the trace's character, or null where not counted (facts kept before it was)
 */
public record TraceFacts(String digest, long bytes, long requests, long footprint, TraceCharacter character) {
  /** Facts without the trace's character. */
  public TraceFacts(String digest, long bytes, long requests, long footprint) {
    this(digest, bytes, requests, footprint, null);
  }

  /** The facts as one JSON line. */
  public String toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("digest", digest);
    m.put("bytes", bytes);
    m.put("requests", requests);
    m.put("footprint", footprint);
    if (character != null) character.values().forEach(m::putIfAbsent);
    return Json.object(m);
  }

  /**
   * The facts a JSON line holds, their character null when the line has none of its figures;
   * throws IllegalArgumentException when it holds no facts.
   */
  public static TraceFacts fromJson(String line) {
    Map<String, Object> m = FlatJson.parse(line);
    if (m.get("digest") instanceof String d && m.get("bytes") instanceof Long b && m.get("requests") instanceof Long r
        && m.get("footprint") instanceof Long f) {
      return new TraceFacts(d, b, r, f, TraceCharacter.fromValues(m));
    }
    throw new IllegalArgumentException("not a facts record");
  }
}
