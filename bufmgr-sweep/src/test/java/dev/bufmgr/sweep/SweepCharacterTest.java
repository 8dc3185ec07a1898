package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.facts.CharacterCounter;
import dev.bufmgr.replay.facts.TraceCharacter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep's rows and facts cache carry each trace's character, equal to {@code bufmgr analyze}'s
 * counter run alone on the trace; facts and rows written before it was counted read as absent
 * (the cache's entry is counted again), never as a failure.
 */
class SweepCharacterTest {
  @TempDir Path dir;

  private Path trace() throws IOException {
    Path p = Files.createDirectories(dir.resolve("traces/ds")).resolve("t.trace");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 3000; i++) sb.append((i * 7919L) % (1 + i % 400)).append('\n');
    return Files.writeString(p, sb);
  }

  private Sweep.Outcome sweep(Path out) {
    SweepPlan plan = SweepPlan.of(TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null), List.of("lru"),
        SweepSize.parseList("0.1,0.5"));
    return Sweep.run(plan, out, true, new LocalSweepEngine(), Map.of(), null);
  }

  @Test
  void rowsAndTheFactsCacheCarryTheTracesCharacter() throws IOException {
    Path t = trace();
    TraceCharacter alone = CharacterCounter.count(ReplayInput.ofFile(t, "lirs")).character();
    Sweep.Outcome o = sweep(dir.resolve("out"));
    for (SweepRow r : o.rows()) assertEquals(alone, r.character(), r.toString());
    for (String line : Files.readAllLines(dir.resolve("out/results.jsonl"))) assertEquals(alone, SweepRow.fromJson(line).character());
    Path entry;
    try (var s = Files.list(dir.resolve("out/facts"))) {
      entry = s.findFirst().orElseThrow();
    }
    assertTrue(Files.readString(entry).contains("\"zipfAlpha\":"), Files.readString(entry));
  }

  @Test
  void anOldFactsEntryIsCountedAgainAndAnOldRowReadsWithoutCharacter() throws IOException {
    trace();
    sweep(dir.resolve("out"));
    Path entry;
    try (var s = Files.list(dir.resolve("out/facts"))) {
      entry = s.findFirst().orElseThrow();
    }
    String old = Files.readString(entry).replaceAll(",\"oneHitWonders\".*\\}", "}");
    Files.writeString(entry, old);
    assertNull(TraceFacts.fromJson(old.strip()).character());
    Files.delete(dir.resolve("out/results.jsonl"));
    try (var s = Files.list(dir.resolve("out/tasks"))) {
      s.forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    }
    Sweep.Outcome again = sweep(dir.resolve("out"));
    assertNotNull(again.rows().getFirst().character(), "the old entry was counted again");
    assertTrue(Files.readString(entry).contains("\"zipfAlpha\":"));
    String oldRow = again.rows().getFirst().toJson().replaceAll(",\"oneHitWonders\".*\\}", "}");
    assertNull(SweepRow.fromJson(oldRow).character());
    assertEquals(again.rows().getFirst().hits(), SweepRow.fromJson(oldRow).hits());
  }
}
