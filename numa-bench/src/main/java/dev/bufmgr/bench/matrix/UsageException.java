package dev.bufmgr.bench.matrix;

/** A command line the matrix runner refuses: one line naming what and why; exit status 2. */
public final class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }
}
