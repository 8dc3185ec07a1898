package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * The ARC traces' format (Megiddo and Modha, FAST 2003): each line {@code start count ignored
 * request} stands for {@code count} requests to blocks {@code start .. start+count-1}. Carries
 * page ids only.
 */
public final class ArcFormat implements TraceFormat {

  @Override
  public String name() {
    return "arc";
  }

  @Override
  public String description() {
    return "start count ignored request per line; expands to count consecutive blocks (ARC traces)";
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    return new LineTraceSource(file, EnumSet.noneOf(EventField.class)) {
      @Override
      protected boolean parse(String line) {
        String t = line.strip();
        if (t.isEmpty()) return false;
        String[] f = t.split("\\s+");
        if (f.length != 4) throw malformed("expected 4 fields (start count ignored request), got " + f.length);
        long start = parseLong(f[0], "start");
        long count = parseLong(f[1], "count");
        if (count < 1) throw malformed("count must be at least 1, got " + count);
        run(start, count, 0);
        return true;
      }
    };
  }
}
