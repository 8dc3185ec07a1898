package dev.bufmgr.wal.crash;

import java.util.function.IntConsumer;

/**
 * Which torn states of a page write in flight at a power loss are enumerated, the write cut into
 * blocks of the storage's atomic write unit (512-byte sectors, or 4 KiB blocks): a torn state has
 * some blocks new and the rest old, never all of one. A state is a mask: bit {@code b} set when
 * block {@code b} holds the new bytes.
 */
public enum Tears {
  /**
   * The cheaper mode: the blocks reached storage in order, so a first part of them is new and the
   * rest old (CrashMonkey, OSDI '18, persisting a write's blocks in order): {@code blocks - 1}
   * states.
   */
  PREFIX,
  /**
   * Every block independently old or new, in any order (ALICE, OSDI '14, and the block layer
   * reordering a write's blocks): {@code 2^blocks - 2} states.
   */
  SUBSETS;

  /** Calls {@code mask} with every torn state of a write of {@code blocks} blocks (at most 30). */
  public void forEach(int blocks, IntConsumer mask) {
    if (blocks < 2) return;
    if (blocks > 30) throw new IllegalArgumentException("a write of " + blocks + " blocks has too many torn states to enumerate");
    if (this == PREFIX) {
      for (int k = 1; k < blocks; k++) mask.accept((1 << k) - 1);
    } else {
      int all = (1 << blocks) - 1;
      for (int m = 1; m < all; m++) mask.accept(m);
    }
  }

  /** The mode named {@code name} ({@code prefix} or {@code subsets}), for flags. */
  public static Tears parse(String flag, String name) {
    for (Tears t : values()) if (t.name().equalsIgnoreCase(name.trim())) return t;
    throw new IllegalArgumentException(flag + " must be prefix or subsets, got '" + name + "'");
  }
}
