/**
 * The discrete-event simulation of group commit in virtual time: closed or open arrival loops, the
 * release policy, and log flushes and page bursts on one simulated device; deterministic for a
 * seed. Its virtual group commit is shared with the pipeline's simulation.
 */
package dev.bufmgr.wal.sim;
