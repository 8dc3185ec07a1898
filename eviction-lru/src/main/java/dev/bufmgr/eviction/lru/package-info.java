/**
 * List-keeping selectors: LRU in the pool (libCacheSim's LRU.c), 2Q (Johnson and Shasha, VLDB '94;
 * TwoQ.c) and ARC (Megiddo and Modha, FAST '03; ARC.c), both in PostgreSQL 8.0's freelist.c before
 * 8.1's clock sweep. Found by name through {@link java.util.ServiceLoader}; depends on bufmgr-core
 * only.
 */
package dev.bufmgr.eviction.lru;
