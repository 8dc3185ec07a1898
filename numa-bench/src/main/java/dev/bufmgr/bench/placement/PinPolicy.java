package dev.bufmgr.bench.placement;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where {@link Pinning} puts a benchmark's threads (thread index i = 0, 1, ...) on a {@link
 * dev.bufmgr.bench.placement.Topology}.
 */
public enum PinPolicy {
  /** Threads are not pinned; the scheduler places them. */
  NONE,
  /** Fill a node first: node 0's CPUs in order, then node 1's, and so on. */
  PACKED,
  /**
   * Round-robin over nodes: each node's first CPU in node order, then each node's second, and so
   * on, skipping nodes with no CPU left (thread i on node i mod N when the nodes hold equal counts).
   */
  SPREAD;

  /**
   * The policy named by {@code text} ({@code none}, {@code packed} or {@code spread}, any case).
   *
   * @throws IllegalArgumentException naming the value and the choices
   */
  public static PinPolicy parse(String text) {
    for (PinPolicy p : values()) if (p.name().equalsIgnoreCase(text.trim())) return p;
    throw new IllegalArgumentException("pin policy '" + text + "' is not one of " + choices());
  }

  /** The name {@link #parse} reads, in lower case. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  private static String choices() {
    return Arrays.stream(values()).map(PinPolicy::label).collect(Collectors.joining(", "));
  }
}
