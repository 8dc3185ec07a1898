package dev.bufmgr.core.params;

import java.util.Locale;

/**
 * Sizes in bytes written as on the command line and in PostgreSQL's settings: a number with an
 * optional {@code kB}, {@code MB}, {@code GB} or {@code TB}, powers of 1024 as PostgreSQL's GUC
 * units and the kernel's {@code vm.dirty_*_bytes} count them ({@code 256kB}, {@code 1.5GB}).
 */
public final class ByteSizes {
  private static final String[] UNITS = {"KB", "MB", "GB", "TB"};

  private ByteSizes() {}

  /**
   * Parses a size into bytes, rounded to the nearest byte.
   *
   * @param what the flag and key, named in the message ({@code --checkpoint maxWal})
   * @param min the smallest size allowed
   * @param max the largest size allowed
   * @throws IllegalArgumentException naming {@code what} and the text when it is not a number with
   *     an optional unit between {@code min} and {@code max}
   */
  public static long parse(String text, String what, long min, long max) {
    String t = text.trim().toUpperCase(Locale.ROOT);
    long unit = 1;
    for (int k = 0; k < UNITS.length; k++) {
      if (t.endsWith(UNITS[k])) {
        unit = 1L << (10 * (k + 1));
        t = t.substring(0, t.length() - 2).trim();
        break;
      }
    }
    double v;
    try {
      v = Double.parseDouble(t);
    } catch (NumberFormatException e) {
      v = Double.NaN;
    }
    double bytes = v * unit;
    if (!(bytes >= min && bytes <= max)) {
      throw new IllegalArgumentException(what + ": '" + text + "' is not a size such as 256kB or 2GB"
          + (Double.isNaN(v) ? "" : " between " + min + " and " + max + " bytes"));
    }
    return Math.round(bytes);
  }
}
