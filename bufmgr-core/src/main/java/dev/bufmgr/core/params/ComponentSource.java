package dev.bufmgr.core.params;

/**
 * Makes components on demand from a reference, for names of the form {@code PREFIX:REFERENCE}
 * that no registered component has ({@code file:policies/Clock.java}): a {@link Registry} asks
 * the source whose {@link #prefix} the name starts with. Lets a module above the core add a way
 * of making components (compiling a source file, say) without the core knowing how.
 *
 * @param <C> the kind's component type
 */
public interface ComponentSource<C extends Component> {

  /** The prefix it serves, without the colon: {@code file}. */
  String prefix();

  /** What a reference is, for listings and refusals: {@code PATH.java}. */
  String referenceForm();

  /**
   * The component {@code reference} names, whose {@link Component#name} is {@code
   * PREFIX:REFERENCE}.
   *
   * @throws IllegalArgumentException when it cannot be made, one line per reason, each naming
   *     the reference
   */
  C load(String reference);
}
