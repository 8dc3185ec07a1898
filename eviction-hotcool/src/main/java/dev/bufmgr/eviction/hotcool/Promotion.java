package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.buffer.AccessStrategy;

/**
 * When a COOL page becomes HOT, and how that is written in a buffer's usage bits. Bit 0 is the
 * HOT bit of the one-bit clock (seeds/002, patch 0002 "cooling evictor"); bit 1, used only by
 * {@link #REPEAT}, remembers one hit while COOL. A page is loaded COOL with both bits clear; a
 * hit through a ring never changes the bits; the sweep turns HOT into COOL with both bits clear.
 */
enum Promotion {
  /** A hit on a COOL page makes it HOT (the load was the first touch, the hit the second). */
  SECOND,
  /** A COOL page needs two hits to become HOT: the first only marks it, the second promotes. */
  REPEAT;

  /** The usage bits of a HOT page. */
  static final int HOT = 1;
  /** The usage bits of a COOL page already hit once (REPEAT only). */
  static final int COOL_SEEN = 2;
  /** The usage bits of a COOL page: what a load installs and what the sweep leaves. */
  static final int COOL = 0;

  /** The usage bits after a hit through {@code strategy} on a page whose bits are {@code usage}. */
  int afterHit(int usage, AccessStrategy strategy) {
    if (strategy.usesRing() || usage == HOT) return usage;
    if (this == SECOND || usage == COOL_SEEN) return HOT;
    return COOL_SEEN;
  }

  /** Whether usage bits say HOT. */
  static boolean isHot(int usage) {
    return usage == HOT;
  }

  /** Parses the {@code promote} parameter value. */
  static Promotion parse(String value) {
    return switch (value) {
      case "second" -> SECOND;
      case "repeat" -> REPEAT;
      default -> throw new IllegalArgumentException("promote must be second or repeat, got '" + value + "'");
    };
  }
}
