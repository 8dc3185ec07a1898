package dev.bufmgr.workloads.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Parses {@code --frames}: pool sizes as counts ({@code 1000}) or percentages of the input's
 * distinct pages ({@code 5%}), comma-separated. A size must be at least 1 and at most the number
 * of distinct pages (a larger pool only ever sees cold misses).
 */
public final class FrameSizes {
  private FrameSizes() {}

  /** The sizes in ascending order, duplicates removed; a count above the distinct pages is refused. */
  public static List<Integer> parse(List<String> items, int distinctPages, String inputName) {
    return parse(items, distinctPages, inputName, false);
  }

  /**
   * The sizes in ascending order, duplicates removed; with {@code dropTooLarge} a count above the
   * distinct pages is left out instead of refused (for built-in size lists on shortened inputs).
   */
  public static List<Integer> parse(List<String> items, int distinctPages, String inputName, boolean dropTooLarge) {
    TreeSet<Integer> sizes = new TreeSet<>();
    for (String raw : items) {
      String t = raw.trim();
      long frames;
      if (t.endsWith("%")) {
        double pct;
        try {
          pct = Double.parseDouble(t.substring(0, t.length() - 1));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("--frames: '" + raw + "' is not a percentage");
        }
        if (!(pct > 0 && pct <= 100)) throw new IllegalArgumentException("--frames: " + raw + " must lie in (0%, 100%]");
        frames = Math.max(1, Math.round(distinctPages * pct / 100));
      } else {
        try {
          frames = Long.parseLong(t);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("--frames: '" + raw + "' is neither a count nor a percentage");
        }
        if (frames < 1) throw new IllegalArgumentException("--frames: " + raw + " must be at least 1");
        if (frames > distinctPages && dropTooLarge) continue;
        if (frames > distinctPages) {
          throw new IllegalArgumentException(
              "--frames: " + raw + " exceeds the " + distinctPages + " distinct pages of " + inputName
                  + " (every policy would see only cold misses)");
        }
      }
      sizes.add((int) frames);
    }
    if (sizes.isEmpty()) throw new IllegalArgumentException("--frames: no size given");
    return new ArrayList<>(sizes);
  }
}
