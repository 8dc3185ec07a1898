package dev.bufmgr.app.cli;

import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.PolicyFactory;

/**
 * The {@code --flush-mode} option of the real-clock commands: its default, its parsing and the
 * runs it cannot serve (see {@link dev.bufmgr.wal.GroupCommitter}).
 */
final class FlushModes {
  /**
   * The default flush mode: with one client the leader saves the hand-off to and from a flusher
   * thread, with more clients the two modes were within the run-to-run noise (figures:
   * reports/design-measurements.md), and it is what PostgreSQL does. See README, "How it fits
   * together".
   */
  static final FlushMode DEFAULT = FlushMode.LEADER;

  /** The default's name, for option descriptions. */
  static final String DEFAULT_SPEC = "leader";

  private FlushModes() {}

  /** The mode named by {@code --flush-mode}, or the default when it was not given. */
  static FlushMode parse(String text) {
    if (text == null) return DEFAULT;
    try {
      return FlushMode.parse("--flush-mode", text);
    } catch (IllegalArgumentException e) {
      throw new CliFailure(e.getMessage());
    }
  }

  /** Refuses a leader for a run whose commits do not wait for the log: none of them would lead. */
  static void check(FlushMode mode, String policyFlag, PolicyFactory policy, boolean asyncCommit) {
    if (mode != FlushMode.LEADER || waits(policy, asyncCommit)) return;
    throw new CliFailure("--flush-mode leader needs commits that wait for the log; "
        + (asyncCommit ? "--async-commit" : policyFlag + " " + policy.spec() + " (not durable)")
        + " acknowledges at insertion: use --flush-mode flusher");
  }

  /** The default for one run: the default mode, or the flusher where commits do not wait. */
  static FlushMode resolveDefault(PolicyFactory policy, boolean asyncCommit) {
    return waits(policy, asyncCommit) ? DEFAULT : FlushMode.FLUSHER;
  }

  private static boolean waits(PolicyFactory policy, boolean asyncCommit) {
    return !asyncCommit && policy.create().durable();
  }
}
