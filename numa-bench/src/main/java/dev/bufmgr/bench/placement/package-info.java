/**
 * Where benchmark threads and descriptor memory go on a NUMA host: thread pinning through
 * sched_setaffinity(2) by the foreign function API, stripes split over nodes (a core
 * StripePlacement), and the memory settings recorded with each result.
 */
package dev.bufmgr.bench.placement;
