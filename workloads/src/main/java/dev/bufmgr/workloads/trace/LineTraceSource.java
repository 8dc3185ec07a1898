package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/**
 * A reader for text formats with one record per line. Each record becomes a run of consecutive
 * page ids sharing one packed meta value (one page for most formats; {@code arc} and block I/O
 * records expand to many), so the reader never builds an object per event. Subclasses parse one
 * line by calling {@link #run(long, long, int)} or return false to skip it.
 */
public abstract class LineTraceSource implements EventSource {
  private final Path file;
  private final Set<EventField> carries;
  private final TextLines reader;
  private long line;
  private long records;
  private long delivered;
  private long runNext;
  private long runLeft;
  private int runMeta;
  private boolean ended;

  /** Opens {@code file} (decompressing .gz/.zst). */
  protected LineTraceSource(Path file, Set<EventField> carries) {
    this.file = file;
    this.carries = carries;
    this.reader = new TextLines(new InputStreamReader(TraceFiles.open(file), StandardCharsets.UTF_8));
  }

  @Override
  public String name() {
    return file.getFileName().toString();
  }

  @Override
  public Set<EventField> carries() {
    return carries;
  }

  /**
   * Parses one line. Returns false for a line that is no record (comment, marker); otherwise
   * calls {@link #run} once and returns true. Throws {@link #malformed} on a bad record.
   */
  protected abstract boolean parse(String line);

  /**
   * The most pages one record may expand to: 1,048,576 (8 GiB of 8 KiB pages in one request). A
   * larger count is refused as malformed, so an 18-byte line cannot ask for unbounded work.
   */
  public static final long MAX_RECORD_PAGES = 1L << 20;

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

  /** The exception for a malformed current record; throw what it returns. */
  protected final TraceException malformed(String reason) {
    return new TraceException(file.toString(), "record " + (records + 1) + " (line " + line + ")", reason);
  }

  /** Parses a decimal long or throws {@link #malformed} naming the field. */
  protected final long parseLong(String text, String field) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw malformed(field + " is not an integer: '" + abbreviate(text) + "'");
    }
  }

  /** The text, cut to 40 characters for a message. */
  protected static String abbreviate(String text) {
    return text.length() <= 40 ? text : text.substring(0, 37) + "...";
  }

  /** The header line, for formats that have one; null at end of file. */
  protected final String readHeader() {
    try {
      String h = reader.next();
      if (h != null) line++;
      return h;
    } catch (TextLines.NotText e) {
      throw new TraceException(file.toString(), "line " + (line + 1), e.getMessage());
    } catch (IOException e) {
      throw new TraceException(file.toString(), "line " + (line + 1), "cannot read: " + IoReasons.of(e));
    }
  }

  /** The file, for messages. */
  protected final Path file() {
    return file;
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
      if (runLeft == 0 && !nextRecord()) break;
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

  private boolean nextRecord() {
    try {
      String text;
      while ((text = reader.next()) != null) {
        line++;
        if (parse(text)) {
          records++;
          return true;
        }
      }
      return false;
    } catch (TextLines.NotText e) {
      throw new TraceException(file.toString(), "line " + (line + 1), e.getMessage());
    } catch (IOException e) {
      throw new TraceException(file.toString(), "line " + (line + 1), "cannot read: " + IoReasons.of(e));
    }
  }

  @Override
  public void close() {
    TraceFiles.closeQuietly(reader);
  }
}
