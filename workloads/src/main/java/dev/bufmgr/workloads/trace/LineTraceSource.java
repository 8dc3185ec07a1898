package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/**
 * A reader for text formats with one record per line. Subclasses parse one line by calling
 * {@link #run(long, long, int)} or return false to skip it.
 */
public abstract class LineTraceSource extends RunSource {
  private final Set<EventField> carries;
  private final TextLines reader;
  private long line;

  /** Opens {@code file} (decompressing .gz/.zst). */
  protected LineTraceSource(Path file, Set<EventField> carries) {
    super(file);
    this.carries = carries;
    this.reader = new TextLines(new InputStreamReader(TraceFiles.open(file), StandardCharsets.UTF_8));
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

  @Override
  protected String where() {
    return "record " + recordNumber() + " (line " + line + ")";
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
      throw new TraceException(file().toString(), "line " + (line + 1), e.getMessage());
    } catch (IOException e) {
      throw new TraceException(file().toString(), "line " + (line + 1), "cannot read: " + IoReasons.of(e));
    }
  }

  @Override
  protected final boolean nextRecord() {
    try {
      String text;
      while ((text = reader.next()) != null) {
        line++;
        if (parse(text)) return true;
      }
      return false;
    } catch (TextLines.NotText e) {
      throw new TraceException(file().toString(), "line " + (line + 1), e.getMessage());
    } catch (IOException e) {
      throw new TraceException(file().toString(), "line " + (line + 1), "cannot read: " + IoReasons.of(e));
    }
  }

  @Override
  public void close() {
    TraceFiles.closeQuietly(reader);
  }
}
