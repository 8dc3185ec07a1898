package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * A reader of a binary trace of fixed-size little-endian records (after any header, already read
 * from {@code in}). Each record is handed to {@link #decode} as a view of its bytes; a last
 * record cut short is refused naming its number and how many bytes it has.
 */
abstract class FixedRecordSource extends RunSource {
  private final InputStream in;
  private final int recordBytes;
  private final byte[] bytes;
  private final ByteBuffer view;
  private final long expected;
  private int pos;
  private int limit;

  /**
   * @param in the stream positioned at the first record; closed by {@link #close}
   * @param expected the records the file holds when known without reading it, else -1
   */
  FixedRecordSource(Path file, InputStream in, int recordBytes, long expected) {
    super(file);
    this.in = in;
    this.recordBytes = recordBytes;
    this.bytes = new byte[recordBytes * 4096];
    this.view = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    this.expected = expected;
  }

  /** Decodes the record at byte {@code at} of {@code record} (little-endian) and calls {@link #run}. */
  protected abstract void decode(ByteBuffer record, int at);

  /** Called once when the records end at a record boundary; may refuse a file that ends early. */
  protected void atEnd() {}

  @Override
  public long expectedCount() {
    return expected;
  }

  @Override
  protected final boolean nextRecord() {
    if (limit - pos < recordBytes) refill();
    int left = limit - pos;
    if (left == 0) {
      atEnd();
      return false;
    }
    if (left < recordBytes) throw malformed("truncated (" + left + " of " + recordBytes + " bytes)");
    decode(view, pos);
    pos += recordBytes;
    return true;
  }

  private void refill() {
    int left = limit - pos;
    System.arraycopy(bytes, pos, bytes, 0, left);
    pos = 0;
    limit = left;
    try {
      limit += in.readNBytes(bytes, left, bytes.length - left);
    } catch (IOException e) {
      throw malformed("cannot read: " + IoReasons.of(e));
    }
  }

  @Override
  public void close() {
    TraceFiles.closeQuietly(in);
  }

  /**
   * Reads {@code n} bytes of a header from {@code in}; fewer at the end of the file are refused as
   * a truncated header (none at all: an empty file) naming {@code what}.
   */
  static byte[] header(Path file, InputStream in, int n, String what) {
    return header(file, in, 0, n, what);
  }

  /** As {@link #header(Path, InputStream, int, String)}, for the rest of a header of which {@code read} bytes were read. */
  static byte[] header(Path file, InputStream in, int read, int n, String what) {
    byte[] h;
    try {
      h = in.readNBytes(n);
    } catch (IOException e) {
      TraceFiles.closeQuietly(in);
      throw new TraceException(file.toString(), "header", "cannot read: " + IoReasons.of(e));
    }
    if (h.length == n) return h;
    TraceFiles.closeQuietly(in);
    if (read + h.length == 0) throw new TraceException(file.toString(), "empty file");
    throw new TraceException(file.toString(), "header", "truncated " + what + " header (" + (read + h.length) + " of " + (read + n) + " bytes)");
  }
}
