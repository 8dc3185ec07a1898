package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oracleGeneral writer against records written out by hand and against next accesses
 * computed here by a forward walk with a map; read back by {@link OracleGeneralFormat}.
 */
class OracleGeneralTraceWriterTest {
  @TempDir Path dir;

  /** The records of an oracleGeneral file: {timestamp, id, size, next} each. */
  private static List<long[]> records(Path file) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0, b.remaining() % 24, "whole records");
    List<long[]> out = new ArrayList<>();
    while (b.hasRemaining()) out.add(new long[] {Integer.toUnsignedLong(b.getInt()), b.getLong(), b.getInt(), b.getLong()});
    return out;
  }

  private static long[] pages(EventSource source) {
    List<Long> out = new ArrayList<>();
    try (source) {
      EventBatch b = new EventBatch();
      while (source.fill(b) > 0) for (int i = 0; i < b.size(); i++) out.add(b.pages[i]);
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  @Test
  void writesLibCacheSimsRecordsForAShortTrace() throws IOException {
    Path text = Files.writeString(dir.resolve("t.txt"), "1\n2\n1\n3\n2\n1\n");
    Path out = dir.resolve("t.oracleGeneral.bin");
    assertEquals(6, OracleGeneralTraceWriter.write(() -> TraceFormats.open(text, "text"), out, dir));
    long[][] expected = {
      {1, 1, 1, 3}, {2, 2, 1, 5}, {3, 1, 1, 6}, {4, 3, 1, -1}, {5, 2, 1, -1}, {6, 1, 1, -1},
    };
    List<long[]> got = records(out);
    assertEquals(expected.length, got.size());
    for (int i = 0; i < expected.length; i++) assertArrayEquals(expected[i], got.get(i), "record " + (i + 1));
  }

  @Test
  void nextAccessesMatchAForwardWalkAcrossBlocks() throws IOException {
    Workloads.Workload w = Workloads.parse("zipf:pages=5000,requests=70000,seed=3");
    Path out = dir.resolve("z.oracleGeneral.bin");
    assertEquals(70000, OracleGeneralTraceWriter.write(w::open, out, dir));
    long[] pages = pages(w.open());
    long[] next = new long[pages.length];
    Map<Long, Integer> last = new HashMap<>();
    for (int i = 0; i < pages.length; i++) {
      next[i] = -1;
      Integer before = last.put(pages[i], i);
      if (before != null) next[before] = i + 1;
    }
    List<long[]> got = records(out);
    assertEquals(pages.length, got.size());
    for (int i = 0; i < pages.length; i++) {
      assertEquals(pages[i], got.get(i)[1], "id of record " + (i + 1));
      assertEquals(next[i], got.get(i)[3], "next access of record " + (i + 1));
      assertEquals(i + 1, got.get(i)[0], "timestamp of record " + (i + 1));
    }
    assertArrayEquals(pages, pages(TraceFormats.open(out, "oracleGeneral")));
  }

  @Test
  void transactionMarkersAreDroppedAndPositionsCountPagesOnly() throws IOException {
    Path text = Files.writeString(dir.resolve("tx.txt"), "begin\n7 w n 4 72\ncommit\n7 r\ncheckpoint\n8 r\n");
    Path out = dir.resolve("tx.oracleGeneral.bin");
    assertEquals(3, OracleGeneralTraceWriter.write(() -> TraceFormats.open(text, "text"), out, dir));
    List<long[]> got = records(out);
    assertArrayEquals(new long[] {1, 7, 1, 2}, got.get(0));
    assertArrayEquals(new long[] {2, 7, 1, -1}, got.get(1));
    assertArrayEquals(new long[] {3, 8, 1, -1}, got.get(2));
  }

  @Test
  void aMalformedInputLeavesNothingBehind() throws IOException {
    Path text = Files.writeString(dir.resolve("bad.txt"), "1\n2\nx\n");
    Path out = dir.resolve("bad.oracleGeneral.bin");
    TraceException e = assertThrows(TraceException.class,
        () -> OracleGeneralTraceWriter.write(() -> TraceFormats.open(text, "text"), out, dir));
    assertTrue(e.getMessage().contains("record 3"), e.getMessage());
    assertFalse(Files.exists(out));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(text), files.toList(), "no output, index or partial file left");
    }
  }
}
