package dev.bufmgr.workloads.event;

import dev.bufmgr.core.pool.AccessStrategy;

/**
 * Packs an event's small fields into one int: bit 0 the write flag, bits 1-2 the access
 * strategy's ordinal, bits 3-10 the page class (0..255). The value 0 means a normal read of
 * class 0.
 */
public final class EventMeta {
  /** The largest page class an event can carry. */
  public static final int MAX_PAGE_CLASS = 255;

  private static final AccessStrategy[] STRATEGIES = AccessStrategy.values();

  private EventMeta() {}

  /** Packs the fields; throws when the page class is outside 0..255. */
  public static int pack(boolean write, AccessStrategy strategy, int pageClass) {
    if (pageClass < 0 || pageClass > MAX_PAGE_CLASS) {
      throw new IllegalArgumentException("page class " + pageClass + " outside 0.." + MAX_PAGE_CLASS);
    }
    return (write ? 1 : 0) | (strategy.ordinal() << 1) | (pageClass << 3);
  }

  /** Whether the packed event writes its page. */
  public static boolean isWrite(int meta) {
    return (meta & 1) != 0;
  }

  /** The packed event's access strategy. */
  public static AccessStrategy strategy(int meta) {
    return STRATEGIES[(meta >>> 1) & 3];
  }

  /** The packed event's page class. */
  public static int pageClass(int meta) {
    return (meta >>> 3) & MAX_PAGE_CLASS;
  }
}
