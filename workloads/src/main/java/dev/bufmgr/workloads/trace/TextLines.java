package dev.bufmgr.workloads.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a text trace, refusing at once what cannot be text: a NUL character (a binary
 * file such as {@code /dev/zero}, a zip or a compressed trace given the wrong format), or a line
 * longer than {@link #MAX_LINE_CHARS}. {@link java.io.BufferedReader#readLine} would instead
 * collect a file without line breaks into one string until the heap runs out, after gigabytes.
 * A line ends at {@code \n}, {@code \r\n} or {@code \r}, as for {@code readLine}. A UTF-8
 * byte-order mark before the first line (as spreadsheet programs write one) is dropped.
 */
final class TextLines implements Closeable {
  /** The longest line a text trace may have: 1 MiB of characters. */
  static final int MAX_LINE_CHARS = 1 << 20;

  /** Why the input is not a text trace; the reader adds the file and line. */
  static final class NotText extends RuntimeException {
    NotText(String reason) {
      super(reason, null, false, false);
    }
  }

  private final Reader in;
  private final int maxLine;
  private final char[] buffer = new char[1 << 16];
  private final StringBuilder line = new StringBuilder(128);
  private int pos;
  private int limit;
  private boolean skipLineFeed;
  private boolean first = true;

  TextLines(Reader in) {
    this(in, MAX_LINE_CHARS);
  }

  TextLines(Reader in, int maxLine) {
    this.in = in;
    this.maxLine = maxLine;
  }

  /**
   * The next line without its terminator, or null at the end of the input.
   *
   * @throws NotText on a NUL character or a line longer than the limit
   */
  String next() throws IOException {
    String text = read();
    if (first && text != null) {
      first = false;
      if (text.startsWith("\uFEFF")) return text.substring(1);
    }
    return text;
  }

  private String read() throws IOException {
    line.setLength(0);
    boolean any = false;
    while (true) {
      if (pos == limit) {
        limit = in.read(buffer, 0, buffer.length);
        pos = 0;
        if (limit <= 0) {
          limit = 0;
          return any ? line.toString() : null;
        }
      }
      if (skipLineFeed) {
        skipLineFeed = false;
        if (buffer[pos] == '\n') {
          pos++;
          continue;
        }
      }
      any = true;
      int start = pos;
      while (pos < limit) {
        char c = buffer[pos];
        if (c == '\n' || c == '\r') {
          append(start, pos);
          pos++;
          skipLineFeed = c == '\r';
          return line.toString();
        }
        if (c == 0) throw new NotText("binary data (a NUL byte): not a text trace; is --format right?");
        pos++;
      }
      append(start, pos);
    }
  }

  private void append(int from, int to) {
    if (line.length() + (to - from) > maxLine) {
      throw new NotText("a line longer than " + maxLine + " characters: not a text trace; is --format right?");
    }
    line.append(buffer, from, to - from);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
