package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.TraceBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every malformed lcs, vscsi and CSV input is refused in one line naming the file, the record and the reason. */
class MalformedInputsTest {
  @TempDir Path dir;

  private static final long[] IDS = {1, 2, 3};
  private static final int[] OPS = {1, 1, 3};

  private void refused(Path file, String format, String... parts) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EventTrace.load(TraceFormats.open(file, format)));
    String m = e.getMessage();
    assertFalse(m.contains("\n"), "one line: " + m);
    for (String p : parts) assertTrue(m.contains(p), "'" + m + "' should mention '" + p + "'");
  }

  private Path write(String name, byte[] b) throws IOException {
    return Files.write(dir.resolve(name), b);
  }

  private static byte[] with(byte[] b, int at, long value) {
    byte[] c = b.clone();
    ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putLong(at, value);
    return c;
  }

  @Test
  void lcs() throws IOException {
    byte[] good = TraceBytes.lcs(2, IDS, OPS);
    Path f = write("h.lcs", Arrays.copyOf(good, 100));
    refused(f, null, f.toString(), "header", "truncated lcs v2 header (100 of 8192 bytes)");
    f = write("m.lcs", Arrays.copyOf(good, 12));
    refused(f, "lcs", f.toString(), "header", "truncated lcs header (12 of 16 bytes)");
    f = write("v.lcs", with(good, 8, 9));
    refused(f, null, f.toString(), "header", "lcs version 9 is not one of 1..8");
    f = write("e.lcs", with(good, 8184, 7));
    refused(f, null, f.toString(), "header", "bad end magic");
    f = write("s.lcs", with(good, 0, 7));
    refused(f, "lcs", f.toString(), "header", "not an lcs trace (bad start magic");
    f = write("t.lcs", Arrays.copyOf(good, good.length - 5));
    refused(f, null, f.toString(), "record 3 (lcs v2)", "truncated (23 of 28 bytes)");
    f = write("n.lcs", Arrays.copyOf(good, good.length - 28));
    refused(f, null, f.toString(), "record 3", "the header announces 3 requests, the file ends after 2");
    byte[] badOp = good.clone();
    ByteBuffer.wrap(badOp).order(ByteOrder.LITTLE_ENDIAN).putInt(8192 + 28 + 16, 200);
    f = write("o.lcs", badOp);
    refused(f, null, f.toString(), "record 2 (lcs v2)", "operation 200 is not one of libCacheSim's req_op_e");
    byte[] old = TraceBytes.lcsFormatString(IDS);
    ByteBuffer.wrap(old).order(ByteOrder.LITTLE_ENDIAN).putInt(1000, 5);
    f = write("f.lcs", old);
    refused(f, null, f.toString(), "header", "n_fields 5 differs from format '<IQIQ'");
  }

  @Test
  void vscsi() throws IOException {
    byte[] good = TraceBytes.vscsi1(new long[] {1, 2, 3}, new int[] {512, 512, 512}, new int[] {0x28, 0x28, 0x2a});
    Path f = write("t.vscsi", Arrays.copyOf(good, good.length - 3));
    refused(f, null, f.toString(), "record 3 (vscsi1)", "truncated (29 of 32 bytes)");
    f = write("s.vscsi", Arrays.copyOf(good, 40));
    refused(f, null, f.toString(), "records 1-2", "too short to tell its vscsi version");
    f = write("x.vscsi", new byte[96]);
    refused(f, null, f.toString(), "records 1-2", "not a vscsi trace");
    byte[] changed = good.clone();
    ByteBuffer.wrap(changed).order(ByteOrder.LITTLE_ENDIAN).putShort(64 + 14, (short) 0x0300);
    f = write("c.vscsi", changed);
    refused(f, null, f.toString(), "record 3 (vscsi1)", "version byte 3, not vscsi1's 1");
  }

  @Test
  void csv() throws IOException {
    Path f = Files.writeString(dir.resolve("n.tsv"), "1\t5\n2\t7\n");
    refused(f, "csv:page=9,sep=tab,header=false", f.toString(), "record 1 (line 1)", "no column 9: the record has 2 fields");
    refused(f, "csv:page=0,sep=tab,header=false", f.toString(), "option page=0: column numbers start at 1");
    refused(f, "csv:page=key,sep=tab,header=false", "with header=false columns are 1-based numbers, got page=key");
    Path h = Files.writeString(dir.resolve("h.csv"), "a,b\n1,2\n");
    refused(h, "csv:page=3", h.toString(), "line 1 (header)", "no column 3 (option page): the header has 2 columns");
    Path q = Files.writeString(dir.resolve("q.csv"), "page,note\n1,\"open\n2,x\n");
    refused(q, null, q.toString(), "record 1 (line 2)", "unterminated quote");
    Path qh = Files.writeString(dir.resolve("qh.csv"), "\"page,note\n1,x\n");
    refused(qh, null, qh.toString(), "line 1 (header)", "unterminated quote");
    Path after = Files.writeString(dir.resolve("a.csv"), "page,note\n1,\"x\"y\n");
    refused(after, null, after.toString(), "record 1 (line 2)", "text after the closing quote of field 2");
    Path big = Files.writeString(dir.resolve("b.csv"), "page\n18446744073709551616\n");
    refused(big, null, big.toString(), "record 1 (line 2)", "page is not an integer in 0..18446744073709551615");
    Path text = Files.writeString(dir.resolve("s.csv"), "page\nuser:1\n");
    refused(text, null, text.toString(), "record 1 (line 2)", "ids=string reads text ids");
    Path empty = Files.writeString(dir.resolve("e.csv"), "");
    refused(empty, null, empty.toString(), "empty file");
    Path headerOnly = Files.writeString(dir.resolve("o.csv"), "\uFEFFpage\n");
    refused(headerOnly, null, headerOnly.toString(), "no events");
  }

  @Test
  void aFolderOrAMissingFileWithoutFormatIsNamedAsSuch() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("traces"));
    refused(folder, null, folder + ": is a folder, not a trace file");
    refused(dir.resolve("absent.data"), null, dir.resolve("absent.data") + ": no such file");
    refused(dir.resolve("absent.lcs"), null, dir.resolve("absent.lcs") + ": no such file");
  }

  @ParameterizedTest
  @ValueSource(strings = {"x.lcs", "x.vscsi", "x.tsv", "x.lcs.zst"})
  void emptyFile(String name) throws IOException {
    Path f = write(name, name.endsWith(".zst") ? com.github.luben.zstd.Zstd.compress(new byte[0]) : new byte[0]);
    refused(f, null, f.toString(), "empty");
  }
}
