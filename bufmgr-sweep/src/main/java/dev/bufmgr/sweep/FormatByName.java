package dev.bufmgr.sweep;

import java.util.Locale;

/**
 * A trace's format told from its file name, after a compression suffix ({@code .gz}, {@code
 * .zst}, {@code .zstd}) is set aside: libCacheSim's {@code .oracleGeneral} and {@code
 * .oracleGeneral.bin} (the name its published traces carry), this project's {@code .bft}, the LIRS
 * traces' {@code .trace} and {@code .lirs}, the ARC traces' {@code .arc}, and {@code .txt} for the
 * text format. CSV files (MSR's, or any with a header) need {@code --format}: their columns cannot
 * be told from a name.
 */
public final class FormatByName {
  private FormatByName() {}

  /** The format spec of a file called {@code name}, or null when its name does not tell. */
  public static String of(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (String c : new String[] {".gz", ".zst", ".zstd"}) {
      if (n.endsWith(c)) {
        n = n.substring(0, n.length() - c.length());
        break;
      }
    }
    if (n.endsWith(".oraclegeneral") || n.endsWith(".oraclegeneral.bin")) return "oracleGeneral";
    if (n.endsWith(".bft")) return "binary";
    if (n.endsWith(".trace") || n.endsWith(".lirs")) return "lirs";
    if (n.endsWith(".arc")) return "arc";
    if (n.endsWith(".txt")) return "text";
    return null;
  }
}
