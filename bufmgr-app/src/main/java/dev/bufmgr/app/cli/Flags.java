package dev.bufmgr.app.cli;

/**
 * The names and help texts of the flags that pick a component, shared by every command so that
 * one thing has one name and one description. The eviction policy of a replay is {@code
 * --policy} (a selector through the pool, or a baseline); the pipeline, which runs only the
 * pool, takes a {@code --selector}; when group commit flushes is a {@code --release} policy.
 * The older names stay as aliases: {@code --policy} for a release policy in {@code commit} and
 * {@code wal-load}, {@code --commit} in {@code pipeline}.
 */
final class Flags {
  private Flags() {}

  /** The eviction policy of a replay: a selector or a baseline. */
  static final String POLICY = "--policy";

  /** A victim selector run in the pool. */
  static final String SELECTOR = "--selector";

  /** A commit release policy. */
  static final String RELEASE = "--release";

  /** The older name of {@link #RELEASE} in {@code commit} and {@code wal-load}. */
  static final String RELEASE_ALIAS_POLICY = "--policy";

  /** The older name of {@link #RELEASE} in {@code pipeline}. */
  static final String RELEASE_ALIAS_COMMIT = "--commit";

  /** How every flag that picks a component shows its value. */
  static final String SPEC_LABEL = "NAME[:k=v,...]";

  /** First line of the help of {@link #RELEASE}. */
  static final String RELEASE_HELP = "Commit release policy: when group commit flushes the log (bufmgr list shows "
      + "each with its parameters; --policy in commit and wal-load and --commit in pipeline are its old names).";

  /** Second line of the help of {@link #RELEASE} where it repeats. */
  static final String REPEATABLE_RELEASE = "Repeatable; default: greedy.";

  /** First line of the help of {@link #SELECTOR}. */
  static final String SELECTOR_HELP = "Victim selector run in the buffer pool (bufmgr list shows each with its parameters).";

  /** First line of the help of {@link #POLICY}. */
  static final String POLICY_HELP = "Eviction policy: a victim selector run in the buffer pool, or a baseline "
      + "(bufmgr list shows each with its parameters).";
}
