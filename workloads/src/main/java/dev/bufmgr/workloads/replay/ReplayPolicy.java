package dev.bufmgr.workloads.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.EnumSet;
import java.util.Set;

/**
 * A policy that can replay a whole trace at a given pool size, deterministically, on the calling
 * thread: a baseline (LRU, OPT, Caffeine) or a registered selector run through the buffer pool.
 */
public interface ReplayPolicy {

  /** The canonical name with every parameter, e.g. "lru", "opt:bypass=false" or "gclock:maxUsage=5,batch=1,hand=global". */
  String name();

  /**
   * Whether every miss is admitted (demand paging): the pool's selectors, LRU and OPT without
   * bypass, whose bound is OPT without bypass. False for a policy that may decline a page (W-TinyLFU,
   * OPT with bypass), whose bound is OPT with bypass.
   */
  boolean admitsEveryMiss();

  /** Event fields the policy cannot do without; replay refuses a trace lacking them. */
  default Set<EventField> needs() {
    return EnumSet.noneOf(EventField.class);
  }

  /** Replays every event of {@code trace} into an initially empty pool of {@code frames} pages. */
  ReplayResult replay(EventTrace trace, int frames);
}
