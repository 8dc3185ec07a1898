package dev.bufmgr.core.resource;

/**
 * A size taken from an argument or an input record that this machine cannot hold (or that exceeds
 * a documented limit), refused before anything of that size was allocated or written. Its
 * message names the field, where the value came from and the limit, in one line.
 */
public final class CapacityException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public CapacityException(String message) {
    super(message);
  }
}
