package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * This project's text format: one event per line, fields separated by blanks; {@code #} starts a
 * comment, blank lines are skipped.
 *
 * <ul>
 *   <li>{@code page [r|w] [n|b|w|v] [class] [bytes] [init]}: a page request; missing fields mean a
 *       normal read of class 0. For a write, {@code bytes} is the size of its write-ahead log
 *       record and {@code init} says the change initializes the page (no full-page image).
 *   <li>{@code begin}, {@code commit [bytes]} (a commit record of {@value #DEFAULT_COMMIT_BYTES}
 *       bytes unless given) and {@code checkpoint}: transaction boundaries and a requested
 *       checkpoint, for the pipeline; replay skips them.
 * </ul>
 */
public final class TextFormat implements TraceFormat {
  /** PostgreSQL's usual commit record size (pg_waldump: Transaction COMMIT, 34 bytes). */
  public static final int DEFAULT_COMMIT_BYTES = 34;

  @Override
  public String name() {
    return "text";
  }

  @Override
  public String description() {
    return "one event per line: page [r|w] [n|b|w|v] [class] [bytes] [init], or begin, commit [bytes], checkpoint; # comments";
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    return new LineTraceSource(file, EnumSet.allOf(EventField.class)) {
      @Override
      protected boolean parse(String line) {
        int hash = line.indexOf('#');
        String body = (hash >= 0 ? line.substring(0, hash) : line).strip();
        if (body.isEmpty()) return false;
        String[] f = body.split("\\s+");
        switch (f[0]) {
          case "begin", "checkpoint" -> {
            if (f.length > 1) throw malformed(f[0] + " takes no fields, got " + (f.length - 1));
            run(0, 1, f[0].equals("begin") ? EventMeta.begin() : EventMeta.checkpoint());
            return true;
          }
          case "commit" -> {
            if (f.length > 2) throw malformed("commit takes at most its record size, got " + (f.length - 1) + " fields");
            run(0, 1, EventMeta.commit(f.length > 1 ? recordBytes(f[1]) : DEFAULT_COMMIT_BYTES));
            return true;
          }
          default -> {
            run(parseLong(f[0], "page"), 1, pageRequest(f));
            return true;
          }
        }
      }

      private int pageRequest(String[] f) {
        if (f.length > 6) {
          throw malformed("expected at most 6 fields (page op strategy class bytes init), got " + f.length);
        }
        boolean write = false;
        if (f.length > 1) {
          write = switch (f[1]) {
            case "r", "R" -> false;
            case "w", "W" -> true;
            default -> throw malformed("operation must be r or w, got '" + abbreviate(f[1]) + "'");
          };
        }
        AccessStrategy strategy = AccessStrategy.NORMAL;
        if (f.length > 2) {
          try {
            strategy = AccessStrategy.parse(f[2]);
          } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
          }
        }
        int pageClass = 0;
        if (f.length > 3) {
          long c = parseLong(f[3], "page class");
          if (c < 0 || c > EventMeta.MAX_PAGE_CLASS) throw malformed("page class " + c + " outside 0.." + EventMeta.MAX_PAGE_CLASS);
          pageClass = (int) c;
        }
        if (f.length <= 4) return EventMeta.pack(write, strategy, pageClass);
        if (!write) throw malformed("a read has no log record; bytes and init belong to writes");
        boolean init = false;
        if (f.length == 6) {
          if (!f[5].equals("init")) throw malformed("the sixth field can only be 'init', got '" + abbreviate(f[5]) + "'");
          init = true;
        }
        return EventMeta.change(strategy, pageClass, recordBytes(f[4]), init);
      }

      private int recordBytes(String text) {
        long b = parseLong(text, "record bytes");
        if (b < 0 || b > EventMeta.MAX_RECORD_BYTES) {
          throw malformed("record bytes " + b + " outside 0.." + EventMeta.MAX_RECORD_BYTES);
        }
        return (int) b;
      }
    };
  }
}
