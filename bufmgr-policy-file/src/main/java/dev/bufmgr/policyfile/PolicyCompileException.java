package dev.bufmgr.policyfile;

import java.util.List;

/**
 * A policy file that does not compile: one line per compiler error, each {@code FILE:LINE:
 * MESSAGE} with the file named as the user wrote it, as javac and editors print them. The program
 * prints the lines as they are, one per error.
 */
public final class PolicyCompileException extends IllegalArgumentException {
  private final List<String> errors;

  /** A failure with these error lines, in the compiler's order. */
  public PolicyCompileException(List<String> errors) {
    super(String.join("\n", errors));
    this.errors = List.copyOf(errors);
  }

  /** The error lines, {@code FILE:LINE: MESSAGE}. */
  public List<String> errors() {
    return errors;
  }
}
