package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.workloads.event.EventTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every malformed input ends with one line naming the file, the record and the reason. */
class MalformedTracesTest {
  @TempDir Path dir;

  private String failure(Path file, String format) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EventTrace.load(TraceFormats.open(file, format)));
    String m = e.getMessage();
    assertFalse(m.contains("\n"), "one line: " + m);
    return m;
  }

  private static void assertMentions(String message, String... parts) {
    for (String p : parts) assertTrue(message.contains(p), "'" + message + "' should mention '" + p + "'");
  }

  @Test
  void nonNumberInATextTrace() throws IOException {
    Path f = Files.writeString(dir.resolve("t.txt"), "# c\n5 r\nabc w\n");
    assertMentions(failure(f, "text"), f.toString(), "record 2 (line 3)", "page is not an integer: 'abc'");
  }

  @Test
  void badOperationAndStrategyInATextTrace() throws IOException {
    Path f = Files.writeString(dir.resolve("t.txt"), "5 x\n");
    assertMentions(failure(f, "text"), "record 1 (line 1)", "operation must be r or w");
    Path g = Files.writeString(dir.resolve("g.txt"), "5 r q\n");
    assertMentions(failure(g, "text"), "record 1 (line 1)", "unknown access strategy 'q'");
  }

  @Test
  void nonNumberInALirsTrace() throws IOException {
    Path f = Files.writeString(dir.resolve("l.trace"), "1\n*\n2x\n");
    assertMentions(failure(f, "lirs"), "record 2 (line 3)", "'2x'");
  }

  @Test
  void shortArcLine() throws IOException {
    Path f = Files.writeString(dir.resolve("a.arc"), "1 2 0 0\n3 4\n");
    assertMentions(failure(f, "arc"), "record 2 (line 2)", "expected 4 fields");
  }

  @Test
  void msrWithBadType() throws IOException {
    Path f = Files.writeString(dir.resolve("m.csv"), "1,hm,0,Erase,0,4096,1\n");
    assertMentions(failure(f, "msr"), "record 1 (line 1)", "Type must be Read or Write");
  }

  @Test
  void csvWithoutThePageColumn() throws IOException {
    Path f = Files.writeString(dir.resolve("c.csv"), "block,op\n1,r\n");
    assertMentions(failure(f, "csv"), f.toString(), "line 1", "no column 'page'");
    Path g = Files.writeString(dir.resolve("g.csv"), "page,op\n1,r,9\n");
    assertMentions(failure(g, "csv"), "record 1 (line 2)", "expected 2 fields");
  }

  @Test
  void truncatedOracleGeneralRecord() throws IOException {
    byte[] two = TraceReadersTest.oracleRecords(1, 2, 3);
    Path f = Files.write(dir.resolve("o.bin"), Arrays.copyOf(two, 24 * 2 + 10));
    assertMentions(failure(f, "oracleGeneral"), f.toString(), "record 3", "truncated (10 of 24 bytes)");
  }

  @Test
  void zstFileThatIsNotZstd() throws IOException {
    Path f = Files.write(dir.resolve("o.oracleGeneral.zst"), TraceReadersTest.oracleRecords(1, 2));
    assertMentions(failure(f, "oracleGeneral"), f.toString(), "not a zstd file");
  }

  @Test
  void gzFileThatIsNotGzip() throws IOException {
    Path f = Files.writeString(dir.resolve("l.trace.gz"), "1\n2\n");
    assertMentions(failure(f, "lirs"), f.toString(), "not a gzip file");
  }

  @Test
  void corruptZstdBody() throws IOException {
    byte[] z = com.github.luben.zstd.Zstd.compress(TraceReadersTest.oracleRecords(1, 2, 3, 4, 5, 6, 7, 8));
    for (int i = 8; i < z.length; i++) z[i] ^= 0x5a;
    Path f = Files.write(dir.resolve("c.zst"), z);
    assertMentions(failure(f, "oracleGeneral"), f.toString(), "record 1", "cannot read");
  }

  @Test
  void truncatedBinaryTrace() throws IOException {
    Path text = Files.writeString(dir.resolve("t.txt"), "1 w\n2\n3\n4\n");
    Path bin = dir.resolve("t.bft");
    BinaryTraceWriter.write(TraceFormats.open(text, "text"), bin);
    byte[] all = Files.readAllBytes(bin);
    Path cut = Files.write(dir.resolve("cut.bft"), Arrays.copyOf(all, all.length - 6));
    assertMentions(failure(cut, "binary"), cut.toString(), "record", "truncated");
    Path headerOnly = Files.write(dir.resolve("h.bft"), Arrays.copyOf(all, BinaryTraceLayout.HEADER_BYTES));
    assertMentions(failure(headerOnly, "binary"), "record 1", "truncated");
  }

  @Test
  void wrongFormatIsCaught() throws IOException {
    Path text = Files.writeString(dir.resolve("t.txt"), "1\n2\n3\n");
    assertMentions(failure(text, "binary"), text.toString(), "not a binary trace");
    Path bin = dir.resolve("t.bft");
    BinaryTraceWriter.write(TraceFormats.open(text, "lirs"), bin);
    assertMentions(failure(bin, "lirs"), bin.toString(), "line 1", "binary data (a NUL byte): not a text trace");
    assertMentions(failure(text, "oracleGeneral"), "record 1", "truncated");
    assertMentions(failure(text, "nosuch"), "unknown trace format 'nosuch'", "lirs");
    Path untold = Files.writeString(dir.resolve("t.data"), "1\n2\n3\n");
    assertMentions(failure(untold, null), "--format is required", untold.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"text", "lirs", "arc", "oracleGeneral", "csv", "msr", "binary"})
  void emptyFile(String format) throws IOException {
    Path f = Files.write(dir.resolve("empty"), new byte[0]);
    assertMentions(failure(f, format), f.toString(), "empty");
  }

  @Test
  void onlyCommentsIsAnEmptyTrace() throws IOException {
    Path f = Files.writeString(dir.resolve("c.txt"), "# nothing\n\n");
    assertMentions(failure(f, "text"), "no events");
  }

  @Test
  void missingFile() {
    Path f = dir.resolve("absent.trace");
    assertMentions(failure(f, "lirs"), f.toString(), "no such file");
    assertMentions(failure(f, "binary"), f.toString(), "no such file");
  }

  @Test
  void badFormatOption() throws IOException {
    Path f = Files.writeString(dir.resolve("m.csv"), "1,hm,0,Read,0,4096,1\n");
    assertMentions(failure(f, "msr:pagesize=4096"), "unknown parameter 'pagesize'");
  }

  @Test
  void conversionOfAMalformedTraceLeavesNoFile() throws IOException {
    Path f = Files.writeString(dir.resolve("t.txt"), "1\n2\nthree\n");
    Path out = dir.resolve("out.bft");
    assertThrows(TraceException.class, () -> BinaryTraceWriter.write(TraceFormats.open(f, "text"), out));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(1, left.count(), "only the input remains");
    }
  }
}
