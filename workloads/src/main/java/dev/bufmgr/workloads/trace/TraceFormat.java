package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.List;

/**
 * A trace file format: a {@link Component} with a reader. Formats are registered in {@link
 * TraceFormats}; each reader declares through {@link EventSource#carries()} which event fields
 * its events hold.
 */
public interface TraceFormat extends Component {

  /** The options it takes (csv's column names, msr's page size); none by default. */
  @Override
  default List<ParameterSpec> parameters() {
    return List.of();
  }

  /**
   * Opens {@code file}. Format options come from {@code options}, validated against {@link
   * #parameters()}.
   */
  EventSource open(Path file, Parameters options);
}
