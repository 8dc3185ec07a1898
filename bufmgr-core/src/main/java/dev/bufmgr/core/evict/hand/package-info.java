/**
 * Clock hands (stock, one atomic add per tick as freelist.c's ClockSweepTick; batched, B ticks per
 * add; partitioned, one per stripe; seeds/002) and the sweep of StrategyGetBuffer with its
 * trycounter give-up. In the core so that G-CLOCK and HOT/COOL supply only their aging rule.
 */
package dev.bufmgr.core.evict.hand;
