package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.spec.SpecParams;
import java.nio.file.Path;

/**
 * A trace file format: a name, a one-line description, and a reader. Formats are listed in
 * {@link TraceFormats}; each reader declares through {@link EventSource#carries()} which event
 * fields its events hold.
 */
public interface TraceFormat {

  /** The name used with {@code --format}, e.g. "lirs". */
  String name();

  /** One line for {@code --help} and the README. */
  String description();

  /**
   * Opens {@code file}. Format options (e.g. csv column names) come from {@code options}; the
   * reader must ask for each one it knows and then call {@link SpecParams#finish()}.
   */
  EventSource open(Path file, SpecParams options);
}
