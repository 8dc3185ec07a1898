package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.SharedTraces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceReadersTest {
  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static long[] pages(EventTrace t) {
    return java.util.Arrays.copyOf(t.pages(), t.size());
  }

  @Test
  void textReadsAllFieldsAndSkipsComments() throws IOException {
    Path f = write("t.txt", "# header\n5\n7 w\n\n9 r b 3  # trailing\n11 w v\n");
    EventTrace t = EventTrace.load(TraceFormats.open(f, "text"));
    assertArrayEquals(new long[] {5, 7, 9, 11}, pages(t));
    assertEquals(EnumSet.of(EventField.WRITES, EventField.STRATEGIES, EventField.PAGE_CLASSES), t.carries(),
        "a trace in memory holds page requests only");
    assertEquals(0, t.meta(0));
    assertEquals(EventMeta.pack(true, AccessStrategy.NORMAL, 0), t.meta(1));
    assertEquals(EventMeta.pack(false, AccessStrategy.BULKREAD, 3), t.meta(2));
    assertEquals(EventMeta.pack(true, AccessStrategy.VACUUM, 0), t.meta(3));
  }

  @Test
  void lirsSkipsMarkersAndReadsGzip() throws IOException {
    Path f = dir.resolve("x.trace.gz");
    try (var out = new GZIPOutputStream(Files.newOutputStream(f))) {
      out.write("1\n*\n2\n1\n*\n".getBytes());
    }
    EventTrace t = EventTrace.load(TraceFormats.open(f, "lirs"));
    assertArrayEquals(new long[] {1, 2, 1}, pages(t));
    assertNull(t.meta());
    assertEquals(EnumSet.noneOf(EventField.class), t.carries());
  }

  @Test
  void arcExpandsRuns() throws IOException {
    Path f = write("a.arc", "10 3 0 1\n4 1 0 2\n");
    assertArrayEquals(new long[] {10, 11, 12, 4}, pages(EventTrace.load(TraceFormats.open(f, "arc"))));
  }

  @Test
  void arcRunsLongerThanABatchContinueInTheNextBatch() throws IOException {
    Path f = write("big.arc", "100 40000 0 1\n7 1 0 2\n");
    EventTrace t = EventTrace.load(TraceFormats.open(f, "arc"));
    assertEquals(40001, t.size());
    for (int i = 0; i < 40000; i++) assertEquals(100 + i, t.pages()[i]);
    assertEquals(7, t.pages()[40000]);
  }

  @Test
  void msrSplitsIntoPagesAndKeepsWrites() throws IOException {
    Path f = write("m.csv",
        "128166372003061629,hm,1,Read,8192,16384,10\n"
            + "128166372003061630,hm,0,Write,100,8000,10\n");
    EventTrace t = EventTrace.load(TraceFormats.open(f, "msr"));
    long disk1 = 1L << 40;
    // bytes 8192..24575 are pages 1 and 2; bytes 100..8099 are page 0 and end there.
    assertArrayEquals(new long[] {disk1 | 1, disk1 | 2, 0}, pages(t));
    assertEquals(EnumSet.of(EventField.WRITES), t.carries());
    assertEquals(0, t.meta(0));
    assertEquals(EventMeta.pack(true, AccessStrategy.NORMAL, 0), t.meta(2));
  }

  @Test
  void msrHonoursPageSizeOption() throws IOException {
    Path f = write("m.csv", "1,hm,0,Read,4096,8192,10\n");
    assertArrayEquals(new long[] {1, 2}, pages(EventTrace.load(TraceFormats.open(f, "msr:pageSize=4096"))));
  }

  @Test
  void csvFindsNamedColumns() throws IOException {
    Path f = write("c.csv", "ts;blk;kind\n1;42;w\n2;43;r\n");
    EventTrace t = EventTrace.load(TraceFormats.open(f, "csv:page=blk,op=kind,sep=;"));
    assertArrayEquals(new long[] {42, 43}, pages(t));
    assertEquals(EnumSet.of(EventField.WRITES), t.carries());
    assertEquals(EventMeta.pack(true, AccessStrategy.NORMAL, 0), t.meta(0));
  }

  @Test
  void csvDefaultColumnsCarryWhatIsPresent() throws IOException {
    Path f = write("c.csv", "page,class,strategy\n1,2,b\n");
    EventTrace t = EventTrace.load(TraceFormats.open(f, "csv"));
    assertEquals(EnumSet.of(EventField.PAGE_CLASSES, EventField.STRATEGIES), t.carries());
    assertEquals(EventMeta.pack(false, AccessStrategy.BULKREAD, 2), t.meta(0));
  }

  static byte[] oracleRecords(long... ids) {
    ByteBuffer b = ByteBuffer.allocate(ids.length * 24).order(ByteOrder.LITTLE_ENDIAN);
    int time = 0;
    for (long id : ids) {
      b.putInt(time++).putLong(id).putInt(4096).putLong(-1);
    }
    return b.array();
  }

  @Test
  void oracleGeneralPlainAndZstd() throws IOException {
    byte[] raw = oracleRecords(3, 1L << 40, 3);
    Path plain = Files.write(dir.resolve("o.oracleGeneral"), raw);
    Path zst = Files.write(dir.resolve("o.oracleGeneral.zst"), Zstd.compress(raw));
    long[] expected = {3, 1L << 40, 3};
    assertArrayEquals(expected, pages(EventTrace.load(TraceFormats.open(plain, "oracleGeneral"))));
    assertArrayEquals(expected, pages(EventTrace.load(TraceFormats.open(zst, "oracleGeneral"))));
    try (EventSource s = TraceFormats.open(plain, "oracleGeneral")) {
      assertEquals(3, s.expectedCount(), "a plain file announces its records");
    }
    try (EventSource s = TraceFormats.open(zst, "oracleGeneral")) {
      assertEquals(-1, s.expectedCount(), "a compressed one cannot before it is read");
    }
  }

  @ParameterizedTest
  @CsvSource({"1", "5", "16384", "16385", "40000"})
  void binaryRoundTripKeepsEveryEvent(int n) throws IOException {
    StringBuilder sb = new StringBuilder();
    java.util.Random r = new java.util.Random(n);
    for (int i = 0; i < n; i++) {
      sb.append(r.nextInt(1000)).append(r.nextBoolean() ? " w" : " r").append(" n ").append(r.nextInt(4)).append('\n');
    }
    Path text = write("t.txt", sb.toString());
    Path bin = dir.resolve("t.bft");
    assertEquals(n, BinaryTraceWriter.write(TraceFormats.open(text, "text"), bin));
    EventTrace a = EventTrace.load(TraceFormats.open(text, "text"));
    EventTrace b = EventTrace.load(TraceFormats.open(bin, null));
    assertEquals(a.carries(), b.carries());
    assertArrayEquals(pages(a), pages(b));
    for (int i = 0; i < n; i++) assertEquals(a.meta(i), b.meta(i), "event " + i);
  }

  @Test
  void binaryWithoutFieldsOmitsMeta() throws IOException {
    Path text = write("l.lirs", "1\n2\n3\n");
    Path bin = dir.resolve("l.bft");
    BinaryTraceWriter.write(TraceFormats.open(text, "lirs"), bin);
    assertEquals(BinaryTraceLayout.HEADER_BYTES + 4 + 3 * 8, Files.size(bin));
    EventTrace b = EventTrace.load(TraceFormats.open(bin, "binary"));
    assertArrayEquals(new long[] {1, 2, 3}, pages(b));
    assertEquals(EnumSet.noneOf(EventField.class), b.carries());
  }

  @ParameterizedTest
  @CsvSource({
    "2_pools.trace.gz, 100000, 9939",
    "cs.trace.gz, 6781, 1409",
    "loop.trace.gz, 505500, 1011",
    "sprite.trace.gz, 133996, 7075"
  })
  void sharedLirsTracesHaveTheDocumentedCounts(String name, int requests, int distinct) {
    EventTrace t = SharedTraces.load(name);
    assertEquals(requests, t.size());
    assertEquals(distinct, t.distinctPages());
  }

  @Test
  void gzipTextAndZstdBinaryCompressionByName() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (var out = new GZIPOutputStream(bytes)) {
      out.write("1 w\n2\n".getBytes());
    }
    Path f = Files.write(dir.resolve("t.txt.gz"), bytes.toByteArray());
    assertArrayEquals(new long[] {1, 2}, pages(EventTrace.load(TraceFormats.open(f, "text"))));
  }
}
