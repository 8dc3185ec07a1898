package dev.bufmgr.bench.matrix;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A run's time budget as written on the command line: {@code 90s}, {@code 10m}, {@code 1h30m}, or plain seconds. */
public final class Budget {
  private Budget() {}

  private static final Pattern FORM = Pattern.compile("(?:(\\d{1,6})h)?(?:(\\d{1,6})m)?(?:(\\d{1,9})s)?");
  /** The longest budget taken: a week. */
  static final Duration MAX = Duration.ofDays(7);

  /**
   * The budget {@code text} names.
   *
   * @throws UsageException for any other text, a budget of zero, or one above a week
   */
  public static Duration parse(String text) {
    String t = text.trim();
    long seconds;
    if (t.matches("\\d{1,9}")) {
      seconds = Long.parseLong(t);
    } else {
      Matcher m = FORM.matcher(t);
      if (t.isEmpty() || !m.matches() || t.length() > 24) {
        throw new UsageException("--budget '" + text + "' is not a duration (write 90s, 10m, 1h30m or seconds)");
      }
      seconds = part(m, 1) * 3600 + part(m, 2) * 60 + part(m, 3);
    }
    if (seconds <= 0) throw new UsageException("--budget '" + text + "' must be longer than zero");
    if (seconds > MAX.toSeconds()) throw new UsageException("--budget '" + text + "' is longer than a week");
    return Duration.ofSeconds(seconds);
  }

  private static long part(Matcher m, int group) {
    return m.group(group) == null ? 0 : Long.parseLong(m.group(group));
  }

  /** For example {@code 10m}, {@code 1h5m}, {@code 45s}. */
  public static String format(Duration d) {
    long s = d.toSeconds();
    StringBuilder sb = new StringBuilder();
    if (s >= 3600) sb.append(s / 3600).append('h');
    if (s % 3600 >= 60) sb.append(s % 3600 / 60).append('m');
    if (s % 60 != 0 || sb.isEmpty()) sb.append(s % 60).append('s');
    return sb.toString();
  }
}
