package dev.bufmgr.core.params;

import java.util.List;

/**
 * Something a user picks by name on the command line and configures with a {@link Spec}: a
 * selector, a baseline, a release policy, a device, a loop, a workload or a trace format. Kept
 * in a {@link Registry} of its kind, which {@code bufmgr list} prints.
 */
public interface Component {

  /** The name users write, e.g. {@code gclock}; unique within its registry. */
  String name();

  /** One line saying what it is and where its rule comes from. */
  String description();

  /** The parameters it accepts, with types, bounds and defaults, in the order they are listed. */
  List<ParameterSpec> parameters();
}
