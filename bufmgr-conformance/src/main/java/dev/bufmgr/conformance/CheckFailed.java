package dev.bufmgr.conformance;

/**
 * A check of a selector found a property broken; its message says which and where. An {@link
 * AssertionError}, so a JUnit test that runs the check reports it as a failure.
 */
public final class CheckFailed extends AssertionError {
  /** A failure saying {@code message}. */
  public CheckFailed(String message) {
    super(message);
  }
}
