package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text lines split as {@link BufferedReader#readLine} splits them (the independent model), and
 * a binary input refused within its first megabyte.
 */
class TextLinesTest {
  @TempDir Path dir;

  private static List<String> lines(String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (TextLines t = new TextLines(new StringReader(text))) {
      for (String l; (l = t.next()) != null; ) out.add(l);
    }
    return out;
  }

  private static List<String> model(String text) throws IOException {
    List<String> out = new ArrayList<>();
    BufferedReader r = new BufferedReader(new StringReader(text));
    for (String l; (l = r.readLine()) != null; ) out.add(l);
    return out;
  }

  @Test
  void splitsLinesAsReadLineDoesAcrossBufferBoundaries() throws IOException {
    for (String s : List.of("", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb\r", "\n\n", "\r\n\r\n", "x\r", "\r")) {
      assertEquals(model(s), lines(s), "'" + s.replace("\r", "\\r").replace("\n", "\\n") + "'");
    }
    SplittableRandom rnd = new SplittableRandom(7);
    String[] ends = {"\n", "\r\n", "\r"};
    for (int round = 0; round < 20; round++) {
      StringBuilder sb = new StringBuilder();
      while (sb.length() < 300_000) {
        int len = rnd.nextInt(0, 9000);
        for (int i = 0; i < len; i++) sb.append((char) ('a' + rnd.nextInt(26)));
        sb.append(ends[rnd.nextInt(3)]);
      }
      if (rnd.nextBoolean()) sb.append("tail");
      assertEquals(model(sb.toString()), lines(sb.toString()), "round " + round);
    }
  }

  /** A stream of zero bytes that counts what was read and never ends. */
  private static final class Zeros extends InputStream {
    long read;

    @Override
    public int read() {
      read++;
      return 0;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      java.util.Arrays.fill(b, off, off + len, (byte) 0);
      read += len;
      return len;
    }
  }

  @Test
  void aNulByteIsRefusedWithinTheFirstMegabyte() {
    Zeros zeros = new Zeros();
    TextLines t = new TextLines(new InputStreamReader(zeros, StandardCharsets.UTF_8));
    TextLines.NotText e = assertThrows(TextLines.NotText.class, t::next);
    assertTrue(e.getMessage().startsWith("binary data (a NUL byte): not a text trace"), e.getMessage());
    assertTrue(zeros.read <= 1 << 20, "read " + zeros.read + " bytes");
  }

  @Test
  void aLineWithoutEndIsRefusedAtTheLimit() {
    InputStream as = new InputStream() {
      @Override
      public int read() {
        return 'a';
      }
    };
    TextLines t = new TextLines(new InputStreamReader(as, StandardCharsets.UTF_8), 1000);
    TextLines.NotText e = assertThrows(TextLines.NotText.class, t::next);
    assertEquals("a line longer than 1000 characters: not a text trace; is --format right?", e.getMessage());
  }

  @Test
  void aZipGivenAsALirsTraceIsRefusedNamingTheFileAndLine() throws IOException {
    Path zip = dir.resolve("traces.zip");
    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
      z.putNextEntry(new ZipEntry("a.trace"));
      z.write("1\n2\n3\n".repeat(1000).getBytes(StandardCharsets.US_ASCII));
      z.closeEntry();
    }
    for (String format : List.of("lirs", "text", "arc", "csv")) {
      TraceException e = assertThrows(TraceException.class, () -> {
        try (EventSource s = TraceFormats.open(zip, format)) {
          s.fill(new EventBatch(1024));
        }
      }, format);
      assertTrue(e.getMessage().startsWith(zip + ": line 1: binary data (a NUL byte)"), format + ": " + e.getMessage());
    }
  }

  @Test
  void devZeroIsRefusedAtOnce() {
    Path zero = Path.of("/dev/zero");
    if (!Files.exists(zero)) return;
    TraceException e = assertThrows(TraceException.class, () -> {
      try (EventSource s = TraceFormats.open(zero, "lirs")) {
        s.fill(new EventBatch(1024));
      }
    });
    assertEquals("/dev/zero: line 1: binary data (a NUL byte): not a text trace; is --format right?", e.getMessage());
  }
}
