package dev.bufmgr.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    Fitted f = fit(items, distinctPages, inputName, false);
    if (f.sizes().isEmpty()) throw new IllegalArgumentException("--frames: no size given");
    return f.sizes();
  }

  /** Whether any item is a percentage, which needs the input's distinct pages before the replay. */
  public static boolean needsDistinctPages(List<String> items) {
    return items.stream().anyMatch(t -> t.trim().endsWith("%"));
  }

  /**
   * The counts of {@code items} (no percentage), checked only to be at least 1: for a streamed
   * input whose distinct pages are known after the replay ({@link #requireWithin}).
   */
  public static List<Integer> counts(List<String> items) {
    for (String raw : items) {
      try {
        if (Long.parseLong(raw.trim()) > Integer.MAX_VALUE) {
          throw new IllegalArgumentException(String.format(Locale.ROOT,
              "--frames: %s is more than the %,d buffers a pool can have", raw.trim(), Integer.MAX_VALUE));
        }
      } catch (NumberFormatException e) {
        // not a plain count: parse below names what is wrong with it
      }
    }
    return parse(items, Integer.MAX_VALUE, "the input");
  }

  /** Refuses, once the distinct pages are known, a size above them (only cold misses). */
  public static void requireWithin(List<Integer> sizes, int distinctPages, String inputName) {
    for (int f : sizes) {
      if (f > distinctPages) {
        throw new IllegalArgumentException("--frames: " + f + " exceeds the " + distinctPages + " distinct pages of " + inputName
            + " (every policy would see only cold misses)");
      }
    }
  }

  /**
   * The sizes that fit an input of {@code distinctPages}, and the counts left out because they
   * exceed it (for built-in size lists on shortened inputs). {@code sizes} may be empty.
   *
   * @param sizes the sizes in ascending order, duplicates removed
   * @param dropped the items left out, as given
   */
  public record Fitted(List<Integer> sizes, List<String> dropped) {}

  /** The sizes of {@code items} that fit, and those left out (see {@link Fitted}). */
  public static Fitted fit(List<String> items, int distinctPages, String inputName) {
    return fit(items, distinctPages, inputName, true);
  }

  private static Fitted fit(List<String> items, int distinctPages, String inputName, boolean dropTooLarge) {
    TreeSet<Integer> sizes = new TreeSet<>();
    List<String> dropped = new ArrayList<>();
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
        if (frames > distinctPages && dropTooLarge) {
          dropped.add(t);
          continue;
        }
        if (frames > distinctPages) {
          throw new IllegalArgumentException(
              "--frames: " + raw + " exceeds the " + distinctPages + " distinct pages of " + inputName
                  + " (every policy would see only cold misses)");
        }
      }
      sizes.add((int) frames);
    }
    return new Fitted(new ArrayList<>(sizes), dropped);
  }
}
