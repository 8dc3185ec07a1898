package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.TraceBytes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each input kind, written by hand, reads as the same requests as its text form written in the
 * test: page for page and, where the format carries operations, read or write alike.
 */
class TraceInputsTest {
  @TempDir Path dir;

  private Path bytes(String name, byte[] b) throws IOException {
    return Files.write(dir.resolve(name), b);
  }

  private Path text(String name, String s) throws IOException {
    return Files.writeString(dir.resolve(name), s);
  }

  /** Reads {@code file} with {@code format} (null: told) and compares it with the text trace {@code expected}. */
  private EventTrace assertSameRequests(Path file, String format, String expected) throws IOException {
    EventTrace got = EventTrace.load(TraceFormats.open(file, format));
    EventTrace want = EventTrace.load(TraceFormats.open(text("expected-" + file.getFileName() + ".txt", expected), "text"));
    assertArrayEquals(Arrays.copyOf(want.pages(), want.size()), Arrays.copyOf(got.pages(), got.size()), "pages of " + file);
    if (got.carries().contains(EventField.WRITES)) {
      for (int i = 0; i < want.size(); i++) {
        assertEquals(EventMeta.isWrite(want.meta(i)), EventMeta.isWrite(got.meta(i)), "request " + (i + 1) + " of " + file);
      }
    }
    return got;
  }

  private static final long[] IDS = {5, 7, 5, 9, 7, 5};
  private static final int[] OPS = {1, 3, 12, 13, 14, 0};
  private static final String IDS_WITH_OPS = "5 r\n7 w\n5 r\n9 w\n7 w\n5 r\n";

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
  void lcsOfEveryVersion(int version) throws IOException {
    Path f = bytes("t" + version + ".lcs", TraceBytes.lcs(version, IDS, OPS));
    EventTrace t = assertSameRequests(f, null, version == 1 ? "5\n7\n5\n9\n7\n5\n" : IDS_WITH_OPS);
    assertEquals(version == 1 ? EnumSet.noneOf(EventField.class) : EnumSet.of(EventField.WRITES), t.carries());
  }

  @Test
  void lcsAsTraceConvAtAa0fc40WritesItAndCompressed() throws IOException {
    Path f = bytes("old.lcs", TraceBytes.lcsFormatString(IDS));
    assertSameRequests(f, "lcs", "5\n7\n5\n9\n7\n5\n");
    Path z = bytes("v2.lcs.zst", Zstd.compress(TraceBytes.lcs(2, IDS, OPS)));
    assertSameRequests(z, null, IDS_WITH_OPS);
  }

  @Test
  void lcsIdsAboveTwoToThe63AndBlockRequestsSplitIntoPages() throws IOException {
    long[] ids = {-1L, Long.MIN_VALUE, 42};
    Path f = bytes("big.lcs", TraceBytes.lcs(1, ids, new int[3]));
    assertSameRequests(f, null, "-1\n-9223372036854775808\n42\n");
    Path blocks = bytes("blocks.lcs", TraceBytes.lcs(3, new long[] {0, 8192, 6144}, new int[] {1, 13, 1}));
    assertSameRequests(blocks, "lcs:pageSize=4096", "0 r\n2 w\n1 r\n2 r\n");
  }

  @Test
  void vscsiOfBothVersions() throws IOException {
    long[] lbn = {16, 24, 16, 99};
    int[] len = {4096, 8192, 512, 0};
    int[] cmd = {0x28, 0x2a, 0x88, 0x8a};
    String expected = "16 r\n24 w\n16 r\n99 w\n";
    assertSameRequests(bytes("a.vscsi", TraceBytes.vscsi1(lbn, len, cmd)), null, expected);
    assertSameRequests(bytes("b.vscsi", TraceBytes.vscsi2(lbn, len, cmd)), null, expected);
    // 4 KiB pages of 512-byte blocks: lbn 16 is byte 8192 (page 2), lbn 24 + 8 KiB covers pages 3 and 4.
    assertSameRequests(bytes("c.vscsi", TraceBytes.vscsi1(lbn, len, cmd)), "vscsi:pageSize=4096",
        "2 r\n3 w\n4 w\n2 r\n12 w\n");
    assertSameRequests(bytes("two.vscsi", TraceBytes.vscsi1(new long[] {3, 4}, new int[] {512, 512}, new int[] {0x28, 0x28})), null,
        "3\n4\n");
  }

  @Test
  void oracleGeneralBlockRequestsSplitIntoPages() throws IOException {
    Path f = bytes("b.oracleGeneral", TraceBytes.oracleGeneral(new long[] {0, 4095, 8192, 10000}, new int[] {4096, 2, 0, 10000}));
    assertSameRequests(f, "oracleGeneral:pageSize=4096", "0\n0\n1\n2\n2\n3\n4\n");
  }

  @Test
  void tabSeparatedWithoutAHeaderColumnsByNumber() throws IOException {
    Path f = text("t.tsv", "1.5\t5\tr\n2.0\t7\tw\n2.5\t5\tread\n");
    assertSameRequests(f, "csv:page=2,op=3,sep=tab,header=false", "5 r\n7 w\n5 r\n");
    assertSameRequests(f, "csv:page=2,sep=tab,header=false", "5\n7\n5\n");
  }

  @Test
  void quotedHeadersAByteOrderMarkAndSeparatorsInsideQuotes() throws IOException {
    Path f = text("q.csv", "\uFEFF\"time\",\"obj id\",\"op\"\n\"1\",\"5\",\"w\"\n2,\"7\",r\n\"3, late\",5,\"r\"\n");
    assertSameRequests(f, "csv:page=obj id,op=op", "5 w\n7 r\n5 r\n");
    Path semi = text("s.csv", "page;note\n8;\"a \"\"quoted\"\" note; with a separator\"\n9;plain\n");
    assertSameRequests(semi, "csv:sep=semicolon", "8\n9\n");
  }

  @Test
  void textIdsAreHashedWithFnv1a64() throws IOException {
    Path f = text("s.csv", "key\na\nfoobar\na\n\"\"\n");
    // FNV-1a 64 test vectors: "a", "foobar" and the empty string (the offset basis).
    assertSameRequests(f, "csv:page=key,ids=string", Long.toString(0xaf63dc4c8601ec8cL) + "\n" + Long.toString(0x85944171f73967e8L) + "\n"
        + Long.toString(0xaf63dc4c8601ec8cL) + "\n" + Long.toString(0xcbf29ce484222325L) + "\n");
  }

  @Test
  void idsAboveTwoToThe63AreUnsigned() throws IOException {
    Path f = text("u.csv", "page\n18446744073709551615\n9223372036854775808\n9223372036854775807\n");
    assertSameRequests(f, null, "-1\n-9223372036854775808\n9223372036854775807\n");
  }

  @Test
  void csvBlockRequestsSplitIntoPages() throws IOException {
    Path f = text("b.csv", "offset,len,op\n0,4096,r\n4095,2,w\n8192,0,r\n10000,10000,w\n");
    assertSameRequests(f, "csv:page=offset,size=len,op=op,pageSize=4096", "0 r\n0 w\n1 w\n2 r\n2 w\n3 w\n4 w\n");
  }

  @ParameterizedTest
  @CsvSource({
      "x.oracleGeneral, oracleGeneral", "x.oracleGeneral.bin, oracleGeneral", "X.ORACLEGENERAL.ZST, oracleGeneral",
      "x.oracleGeneral.bin.zst, oracleGeneral", "x.lcs, lcs", "x.lcs.zst, lcs", "x.lcs.gz, lcs", "x.vscsi, vscsi",
      "x.vscsi.gz, vscsi", "x.csv, csv", "x.csv.gz, csv", "x.tsv, csv:sep=tab", "x.tsv.zst, csv:sep=tab", "x.bft, binary",
      "x.bft.zst, binary", "x.trace.gz, lirs", "x.lirs, lirs", "x.arc, arc", "x.txt, text"})
  void theFileNameTellsTheFormat(String name, String spec) {
    assertEquals(spec, TraceFormats.byName(name));
  }

  @Test
  void theLcsHeaderTellsTheFormatWhateverTheName() throws IOException {
    assertNull(TraceFormats.byName("data.bin"));
    Path f = bytes("data.bin", TraceBytes.lcs(2, IDS, OPS));
    assertEquals(new TraceFormats.Choice("lcs", "header"), TraceFormats.choose(f, null));
    assertSameRequests(f, null, IDS_WITH_OPS);
    Path misnamed = bytes("t.oracleGeneral.zst", Zstd.compress(TraceBytes.lcs(1, IDS, OPS)));
    assertEquals(new TraceFormats.Choice("lcs", "header"), TraceFormats.choose(misnamed, null));
    Path og = bytes("t.oracleGeneral", TraceBytes.oracleGeneral(IDS, new int[IDS.length]));
    assertEquals(new TraceFormats.Choice("oracleGeneral", "file name"), TraceFormats.choose(og, null));
    assertEquals(new TraceFormats.Choice("csv:page=2", "given"), TraceFormats.choose(og, "csv:page=2"));
    Path tsv = Files.write(dir.resolve("t.tsv"), "page\top\n3\tw\n".getBytes(StandardCharsets.UTF_8));
    assertSameRequests(tsv, null, "3 w\n");
  }
}
