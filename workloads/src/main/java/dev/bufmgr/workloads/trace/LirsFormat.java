package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * The LIRS traces' format (Jiang and Zhang, SIGMETRICS 2002): one integer block number per
 * line; a line holding only {@code *} is a breakpoint marker, not a request. Blank lines are
 * skipped. Carries page ids only.
 */
public final class LirsFormat implements TraceFormat {

  @Override
  public String name() {
    return "lirs";
  }

  @Override
  public String description() {
    return "one block number per line; '*' lines are markers (LIRS traces)";
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    return new LineTraceSource(file, EnumSet.noneOf(EventField.class)) {
      @Override
      protected boolean parse(String line) {
        String t = line.strip();
        if (t.isEmpty() || t.equals("*")) return false;
        run(parseLong(t, "block number"), 1, 0);
        return true;
      }
    };
  }
}
