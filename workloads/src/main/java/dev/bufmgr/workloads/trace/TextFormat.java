package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.workloads.event.EventField;
import dev.bufmgr.workloads.event.EventMeta;
import dev.bufmgr.workloads.event.EventSource;
import dev.bufmgr.workloads.spec.SpecParams;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * This project's text format: one event per line, {@code page [r|w] [n|b|w|v] [class]}, fields
 * separated by blanks; {@code #} starts a comment, blank lines are skipped. Missing fields mean
 * a normal read of class 0.
 */
public final class TextFormat implements TraceFormat {

  @Override
  public String name() {
    return "text";
  }

  @Override
  public String description() {
    return "one event per line: page [r|w] [n|b|w|v] [class]; # comments";
  }

  @Override
  public EventSource open(Path file, SpecParams options) {
    options.finish();
    return new LineTraceSource(file, EnumSet.allOf(EventField.class)) {
      @Override
      protected boolean parse(String line) {
        int hash = line.indexOf('#');
        String body = (hash >= 0 ? line.substring(0, hash) : line).strip();
        if (body.isEmpty()) return false;
        String[] f = body.split("\\s+");
        if (f.length > 4) throw malformed("expected at most 4 fields (page op strategy class), got " + f.length);
        long page = parseLong(f[0], "page");
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
        run(page, 1, EventMeta.pack(write, strategy, pageClass));
        return true;
      }
    };
  }
}
