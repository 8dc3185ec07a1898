package dev.bufmgr.wal;

import java.util.Locale;

/**
 * Who writes the log for the real-time {@link GroupCommitter}.
 *
 * <ul>
 *   <li>{@link #FLUSHER}: one dedicated flusher thread asks the release policy when to flush and
 *       flushes for everyone; committing threads only wait.
 *   <li>{@link #LEADER}: PostgreSQL 9.2's group commit ({@code XLogFlush} with {@code
 *       LWLockAcquireOrWait} on {@code WALWriteLock}): no flusher thread; a committing thread that
 *       finds no flush in progress and no leader becomes the leader and flushes the log itself,
 *       up to what has been inserted; the others wait and most of them find their commit durable
 *       when they wake.
 * </ul>
 */
public enum FlushMode {
  FLUSHER,
  LEADER;

  /** The name on the command line and in result rows: {@code flusher} or {@code leader}. */
  public String spec() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code leader} or {@code flusher} (any case, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming {@code flag} and the value on anything else
   */
  public static FlushMode parse(String flag, String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    for (FlushMode m : values()) if (m.spec().equals(t)) return m;
    throw new IllegalArgumentException(flag + " must be leader or flusher; got '" + text + "'");
  }
}
