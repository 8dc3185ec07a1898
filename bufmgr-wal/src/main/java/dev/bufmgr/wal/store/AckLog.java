package dev.bufmgr.wal.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import org.agrona.collections.Long2LongHashMap;

/**
 * The acknowledgement log of {@code wal-load} and of the real-clock pipeline: one line per
 * acknowledged commit, {@code ID LSN} (the commit id and the LSN its commit record ends at),
 * followed in the pipeline's by {@code PAGE:LSN} for each of the transaction's page changes (the
 * page and the LSN its change record ends at, which the page carries once the change is on it),
 * appended (one write system call per line, so a process kill keeps every complete line) only
 * after the commit was acknowledged. A last line without its newline was cut by a kill mid-append
 * and does not count.
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
    record(id, lsn, null, null, 0);
  }

  /** Appends one acknowledged transaction: its commit's id and end LSN, and its {@code changes} page changes. Thread-safe. */
  public void record(long id, long lsn, long[] pages, long[] lsns, int changes) {
    StringBuilder line = new StringBuilder(24 + changes * 16).append(id).append(' ').append(lsn);
    for (int i = 0; i < changes; i++) line.append(' ').append(pages[i]).append(':').append(lsns[i]);
    ByteBuffer b = ByteBuffer.wrap(line.append('\n').toString().getBytes(StandardCharsets.US_ASCII));
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
    Long2LongHashMap byId = new Long2LongHashMap(-1);
    long[] counts = new long[3];
    counts[2] = -1;
    forEach(file, false, t -> {
      counts[0]++;
      if (byId.containsKey(t.id())) {
        if (counts[1]++ == 0) counts[2] = t.id();
      } else {
        byId.put(t.id(), t.lsn());
      }
    });
    return new Acks(byId, counts[0], counts[1], counts[2]);
  }

  /**
   * One acknowledged transaction of a pipeline's ack log.
   *
   * @param pages the page of each change
   * @param lsns the LSN each change's record ends at
   */
  public record Transaction(long id, long lsn, long[] pages, long[] lsns) {}

  /**
   * Hands every complete line of a pipeline's ack log to {@code each}, in file order.
   *
   * @throws IllegalArgumentException naming the file and line of a malformed complete line, or
   *     when the file is missing
   */
  public static void readTransactions(Path file, Consumer<Transaction> each) throws IOException {
    forEach(file, true, each);
  }

  private static void forEach(Path file, boolean changes, Consumer<Transaction> each) throws IOException {
    if (!Files.isRegularFile(file)) throw new IllegalArgumentException("ack log " + file + ": no such file");
    String shape = changes ? "'ID LSN PAGE:LSN...'" : "'ID LSN'";
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
        Transaction t;
        try {
          if (f.length < 2 || (!changes && f.length != 2)) throw new NumberFormatException();
          long[] pages = new long[f.length - 2];
          long[] lsns = new long[f.length - 2];
          for (int i = 2; i < f.length; i++) {
            int colon = f[i].indexOf(':');
            if (colon < 0) throw new NumberFormatException();
            pages[i - 2] = Long.parseLong(f[i].substring(0, colon));
            lsns[i - 2] = Long.parseLong(f[i].substring(colon + 1));
          }
          t = new Transaction(Long.parseLong(f[0]), Long.parseLong(f[1]), pages, lsns);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("ack log " + file + " line " + number + ": not " + shape + ": '" + text + "'");
        }
        if (t.id() < 0 || t.lsn() <= 0) {
          throw new IllegalArgumentException("ack log " + file + " line " + number + ": negative id or LSN: '" + text + "'");
        }
        each.accept(t);
      }
    }
  }
}
