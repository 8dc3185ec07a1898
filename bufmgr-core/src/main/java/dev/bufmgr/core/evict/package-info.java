/**
 * The victim-selector contract (small on purpose, like libCacheSim's cache.h), the cleaning view a
 * background writer reads (freelist.c's StrategySyncStart), and the registry that finds selector
 * modules by name through {@link java.util.ServiceLoader}. Separate from the pool so that a
 * selector depends on this contract and the state word only.
 */
package dev.bufmgr.core.evict;
