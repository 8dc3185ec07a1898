/**
 * A pool's counters: plain per-session fields (one writer, so the hit path pays no atomic
 * operation), merged into snapshots, and the ticks-per-victim histogram. Separate so that replay,
 * the pipeline and the benchmarks read counts without the pool's internals.
 */
package dev.bufmgr.core.metrics;
