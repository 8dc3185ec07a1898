/**
 * JMH benchmarks of the pool under contention: evictions per second in the sweep-bound loop of the
 * seeds/002 thread and the hit path beside Caffeine, with the runner's defaults and fork flags, the
 * host's NUMA topology and HdrHistogram latency logs.
 */
package dev.bufmgr.bench;
