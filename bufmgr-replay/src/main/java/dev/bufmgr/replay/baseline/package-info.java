/**
 * Policies replayed outside the pool as references, bounds and cross-checks: FIFO, LRU, Belady's
 * OPT (1966) with and without bypass, and Caffeine's W-TinyLFU (Einziger et al., ACM ToS 2017),
 * with parameters validated as selectors' are, and which OPT bounds which policy.
 */
package dev.bufmgr.replay.baseline;
