/**
 * Clock-family selectors: G-CLOCK (freelist.c's StrategyGetBuffer, bufmgr.c's PinBuffer), SIEVE
 * (Zhang et al., NSDI '24; libCacheSim's Sieve.c) and CLOCK-Pro (Jiang, Chen and Zhang, USENIX ATC
 * '05; libCacheSim's ClockPro.c). Found by name through {@link java.util.ServiceLoader}; depends on
 * bufmgr-core only.
 */
package dev.bufmgr.eviction.clock;
