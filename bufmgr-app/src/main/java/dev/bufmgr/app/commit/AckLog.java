package dev.bufmgr.app.commit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.collections.Long2LongHashMap;

/**
 * The acknowledgement log of {@code wal-load}: one line per acknowledged commit, {@code ID LSN}
 * (the commit id and the LSN its commit record ends at), appended (one write system call per
 * line, so a process kill keeps every complete line) only after the commit was acknowledged. A
 * last line without its newline was cut by a kill mid-append and does not count.
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

  /** Appends one acknowledged commit: its id and the LSN its record ends at. Thread-safe. */
  public void record(long id, long lsn) {
    ByteBuffer b = ByteBuffer.wrap((id + " " + lsn + "\n").getBytes(StandardCharsets.US_ASCII));
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
   * The acknowledged commits of an ack log.
   *
   * @param lsnById the LSN each acknowledged id's record ends at
   * @param lines complete lines read
   * @param duplicates lines whose id an earlier line already acknowledged
   * @param firstDuplicate the first such id, or -1
   */
  public record Acks(Long2LongHashMap lsnById, long lines, long duplicates, long firstDuplicate) {}

  /**
   * Reads an ack log.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed complete line, or
   *     when the file is missing
   */
  public static Acks read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) throw new IllegalArgumentException("ack log " + file + ": no such file");
    Long2LongHashMap byId = new Long2LongHashMap(-1);
    long lines = 0;
    long duplicates = 0;
    long firstDuplicate = -1;
    try (var in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
      StringBuilder line = new StringBuilder();
      int c;
      long number = 0;
      while ((c = in.read()) >= 0) {
        if (c != '\n') {
          line.append((char) c);
          continue;
        }
        number++;
        String text = line.toString().trim();
        line.setLength(0);
        if (text.isEmpty()) continue;
        String[] f = text.split(" ");
        long id;
        long lsn;
        try {
          if (f.length != 2) throw new NumberFormatException();
          id = Long.parseLong(f[0]);
          lsn = Long.parseLong(f[1]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("ack log " + file + " line " + number + ": not 'ID LSN': '" + text + "'");
        }
        if (id < 0 || lsn <= 0) throw new IllegalArgumentException("ack log " + file + " line " + number + ": negative id or LSN: '" + text + "'");
        lines++;
        if (byId.containsKey(id)) {
          if (duplicates++ == 0) firstDuplicate = id;
        } else {
          byId.put(id, lsn);
        }
      }
    }
    return new Acks(byId, lines, duplicates, firstDuplicate);
  }
}
