package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.resource.IoReasons;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import com.github.luben.zstd.ZstdInputStream;

/**
 * Opens trace files, decompressing by file name: {@code .gz} (gzip) and {@code .zst} (zstd, via
 * zstd-jni). A compressed file whose first bytes are not that format's magic number is refused
 * up front with one clear line.
 */
public final class TraceFiles {
  private static final int BUFFER = 1 << 16;

  private TraceFiles() {}

  /**
   * The bytes {@code file} holds as its records are read: its size when its name says it is not
   * compressed, else -1 (also when the size cannot be read; opening it then names the reason).
   */
  public static long plainSize(Path file) {
    if (compressed(file.getFileName().toString())) return -1;
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  private static boolean compressed(String name) {
    return gzip(name) || zstd(name);
  }

  private static boolean gzip(String name) {
    return name.endsWith(".gz");
  }

  private static boolean zstd(String name) {
    return name.endsWith(".zst") || name.endsWith(".zstd");
  }

  /** Opens {@code file} for reading, decompressed when its name says so. */
  public static InputStream open(Path file) {
    String name = file.getFileName().toString();
    InputStream raw;
    try {
      raw = new BufferedInputStream(Files.newInputStream(file), BUFFER);
    } catch (NoSuchFileException e) {
      throw new TraceException(file.toString(), "no such file");
    } catch (IOException e) {
      throw new TraceException(file.toString(), "cannot open: " + IoReasons.of(e));
    }
    try {
      if (gzip(name)) {
        expectMagic(raw, file, new int[] {0x1f, 0x8b}, "gzip");
        return new BufferedInputStream(new GZIPInputStream(raw, BUFFER), BUFFER);
      }
      if (zstd(name)) {
        expectMagic(raw, file, new int[] {0x28, 0xb5, 0x2f, 0xfd}, "zstd");
        return new BufferedInputStream(new ZstdInputStream(raw), BUFFER);
      }
      return raw;
    } catch (IOException e) {
      closeQuietly(raw);
      throw new TraceException(file.toString(), "cannot read: " + IoReasons.of(e));
    } catch (RuntimeException e) {
      closeQuietly(raw);
      throw e;
    }
  }

  private static void expectMagic(InputStream in, Path file, int[] magic, String format) throws IOException {
    in.mark(magic.length);
    for (int i = 0; i < magic.length; i++) {
      int b = in.read();
      if (b < 0) {
        throw new TraceException(file.toString(), i == 0 ? "empty file" : "not a " + format + " file (truncated header)");
      }
      if (b != magic[i]) throw new TraceException(file.toString(), "not a " + format + " file (bad magic number)");
    }
    in.reset();
  }

  /** Closes without throwing. */
  public static void closeQuietly(AutoCloseable c) {
    if (c == null) return;
    try {
      c.close();
    } catch (Exception ignored) {
      // Reading is over; a failed close cannot change the result.
    }
  }
}
