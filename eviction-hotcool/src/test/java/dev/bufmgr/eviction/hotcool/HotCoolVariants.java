package dev.bufmgr.eviction.hotcool;

import java.util.List;

/** The HOT/COOL configurations the shared suites run: stock, batched and partitioned hands, both promotion rules. */
final class HotCoolVariants {
  private HotCoolVariants() {}

  static final List<String> SPECS =
      List.of(
          "hotcool",
          "hotcool:batch=1",
          "hotcool:batch=16",
          "hotcool:batch=64,promote=repeat",
          "hotcool:hand=partitioned,batch=8",
          "hotcool:hand=partitioned,batch=1,promote=repeat");
}
