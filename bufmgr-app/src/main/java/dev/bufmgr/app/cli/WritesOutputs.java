package dev.bufmgr.app.cli;

import dev.bufmgr.results.report.OutputTarget;
import java.util.List;

/**
 * A command that writes files or folders. The program checks every target it names before the
 * command runs (see {@link BufmgrCommand#commandLine()}), so an unwritable output fails in one
 * line before any work.
 */
interface WritesOutputs {

  /** The outputs this invocation will write, as its options chose them (defaults included). */
  List<OutputTarget> outputTargets();
}
