package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventSource;
import java.nio.file.Path;

/**
 * A trace reader that turns each record into a run of consecutive page ids sharing one packed
 * meta value (one page for most records; block I/O records and {@code arc} lines expand to
 * many), so no object is built per event. Subclasses read one record in {@link #nextRecord} and
 * call {@link #run} or {@link #runOfBytes}; text and binary readers share this.
 */
public abstract class RunSource implements EventSource {
  /**
   * The most pages one record may expand to: 1,048,576 (8 GiB of 8 KiB pages in one request). A
   * larger count is refused as malformed, so a short record cannot ask for unbounded work.
   */
  public static final long MAX_RECORD_PAGES = 1L << 20;

  private final Path file;
  private long records;
  private long delivered;
  private long runNext;
  private long runLeft;
  private int runMeta;
  private boolean ended;

  /** A reader of {@code file} (named in messages). */
  protected RunSource(Path file) {
    this.file = file;
  }

  @Override
  public String name() {
    return file.getFileName().toString();
  }

  /** The file, for messages. */
  protected final Path file() {
    return file;
  }

  /** The number of the record being read: 1 for the first. */
  protected final long recordNumber() {
    return records + 1;
  }

  /**
   * Reads the next record and calls {@link #run} (or {@link #runOfBytes}) once for it; returns
   * false at the end of the input. Throws {@link #malformed} on a bad record.
   */
  protected abstract boolean nextRecord();

  /** Where the current record is, for messages: {@code record N} unless a format says more. */
  protected String where() {
    return "record " + recordNumber();
  }

  /** The exception for a malformed current record; throw what it returns. */
  protected final TraceException malformed(String reason) {
    return new TraceException(file.toString(), where(), reason);
  }

  /**
   * Sets the pages the current record expands to: {@code count} pages from {@code first}, at most
   * {@link #MAX_RECORD_PAGES}.
   */
  protected final void run(long first, long count, int meta) {
    if (count < 1) throw malformed("a record must cover at least one page, got " + count);
    if (count > MAX_RECORD_PAGES) {
      throw malformed("expands to " + count + " pages, more than the " + MAX_RECORD_PAGES + " one record may cover");
    }
    runNext = first;
    runLeft = count;
    runMeta = meta;
  }

  /**
   * Sets the pages a block request touches: {@code bytes} bytes at byte {@code offset} (both read
   * as unsigned) touch pages {@code offset/pageSize .. (offset+bytes-1)/pageSize}; a request of 0
   * bytes touches the page of its offset, as {@code msr} counts it.
   */
  protected final void runOfBytes(long offset, long bytes, long pageSize, int meta) {
    long last = offset + Math.max(1, bytes) - 1;
    if (bytes < 0 || Long.compareUnsigned(last, offset) < 0) {
      throw malformed("the byte range at offset " + Long.toUnsignedString(offset) + " of " + bytes + " bytes ends beyond 2^64");
    }
    long first = Long.divideUnsigned(offset, pageSize);
    run(first, Long.divideUnsigned(last, pageSize) - first + 1, meta);
  }

  @Override
  public int fill(EventBatch batch) {
    batch.clear();
    if (ended) return 0;
    long[] pages = batch.pages;
    int[] meta = batch.meta;
    int n = 0;
    int cap = batch.capacity();
    while (n < cap) {
      if (runLeft == 0) {
        if (!nextRecord()) break;
        records++;
      }
      int take = (int) Math.min(runLeft, cap - n);
      for (int i = 0; i < take; i++) {
        pages[n + i] = runNext + i;
        meta[n + i] = runMeta;
      }
      n += take;
      runNext += take;
      runLeft -= take;
    }
    batch.setSize(n);
    delivered += n;
    if (n == 0) {
      ended = true;
      if (delivered == 0) throw new TraceException(file.toString(), "no events (empty trace)");
    }
    return n;
  }
}
