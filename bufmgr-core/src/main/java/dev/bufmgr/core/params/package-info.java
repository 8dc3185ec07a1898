/**
 * How a user names and configures a component on the command line, one way for every kind:
 * {@link dev.bufmgr.core.params.Spec} (the grammar {@code name:key=value,...}), {@link
 * dev.bufmgr.core.params.ParameterSpec} (a declared parameter: type, range, default, help),
 * {@link dev.bufmgr.core.params.Parameters} (a spec validated against them) and {@link
 * dev.bufmgr.core.params.Registry} (the components of one kind, found by name). Selectors,
 * baselines, release policies, devices, loops, workloads and trace formats all use these, so a
 * bad spec is refused with the same one line everywhere and {@code bufmgr list} reads every
 * registry.
 */
package dev.bufmgr.core.params;
