package dev.bufmgr.workloads.commit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The acknowledgement log of {@code wal-load}: one commit id per line, appended (one write
 * system call per id, so a process kill keeps every complete line) only after the commit was
 * acknowledged. A last line without its newline was cut by a kill mid-append and does not count.
 */
public final class AckLog implements AutoCloseable {
  private final FileChannel channel;

  private AckLog(FileChannel channel) {
    this.channel = channel;
  }

  /** Opens {@code file} for appending, creating it when absent. */
  public static AckLog append(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    return new AckLog(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
  }

  /** Appends one acknowledged commit id. Thread-safe. */
  public void record(long id) {
    ByteBuffer b = ByteBuffer.wrap((id + "\n").getBytes(StandardCharsets.US_ASCII));
    try {
      synchronized (this) {
        while (b.hasRemaining()) channel.write(b);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the ack log", e);
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  /**
   * Reads the ids of an ack log, sorted.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed complete line, or
   *     when the file is missing
   */
  public static long[] read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) throw new IllegalArgumentException("ack log " + file + ": no such file");
    byte[] bytes = Files.readAllBytes(file);
    long[] ids = new long[1024];
    int n = 0;
    int line = 0;
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != '\n') continue;
      line++;
      String text = new String(bytes, start, i - start, StandardCharsets.US_ASCII).trim();
      start = i + 1;
      if (text.isEmpty()) continue;
      long id;
      try {
        id = Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("ack log " + file + " line " + line + ": not a commit id: '" + text + "'");
      }
      if (n == ids.length) ids = Arrays.copyOf(ids, n * 2);
      ids[n++] = id;
    }
    long[] out = Arrays.copyOf(ids, n);
    Arrays.sort(out);
    return out;
  }
}
