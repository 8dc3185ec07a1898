package dev.bufmgr.eviction.clock;

import java.util.List;

/** The G-CLOCK configurations the shared suites run: the stock hand, batched hands, the partitioned hand. */
final class GClockVariants {
  private GClockVariants() {}

  static final List<String> SPECS =
      List.of(
          "gclock",
          "gclock:maxUsage=1",
          "gclock:batch=16",
          "gclock:batch=64",
          "gclock:hand=partitioned,batch=8");
}
