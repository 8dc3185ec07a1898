package dev.bufmgr.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.EnumSet;
import java.util.Set;

/**
 * A policy that replays a stream of requests at a given pool size, deterministically: a baseline
 * (FIFO, LRU, OPT, Caffeine) or a registered selector run through the buffer pool. {@link #start}
 * begins a run that takes the stream block by block ({@link OnePassReplay} feeds many runs from
 * one reading); {@link #replay} replays a trace in memory the same way.
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

  /**
   * How the policy treats a request's access strategy (bulk read, bulk write, vacuum): {@code
   * "rings"} when it goes through PostgreSQL's buffer rings (GetAccessStrategy, freelist.c),
   * {@code "normal"} when the pool runs with rings off (every request as a normal one), {@code
   * "ignored"} for a baseline that knows no strategies. Every result row carries it, so a
   * comparison says whether its policies saw the same semantics.
   */
  default String strategies() {
    return "ignored";
  }

  /** Event fields the policy cannot do without; replay refuses a trace lacking them. */
  default Set<EventField> needs() {
    return EnumSet.noneOf(EventField.class);
  }

  /**
   * Whether a run needs each request's next access (OPT reads the future): the stream then
   * carries it ({@link dev.bufmgr.workloads.stream.EventBlock#next()}).
   */
  default boolean needsNextAccess() {
    return false;
  }

  /**
   * A run into an initially empty pool of {@code frames} pages, for a stream carrying the fields
   * {@code carries}.
   */
  ReplayRun start(int frames, Set<EventField> carries);

  /** Replays every event of {@code trace} into an initially empty pool of {@code frames} pages. */
  default ReplayResult replay(EventTrace trace, int frames) {
    return OnePassReplay.alone(this, trace, frames);
  }
}
