/**
 * The one-bit HOT/COOL clock of the batched clock-sweep patch (seeds/002, patch 0002) and its
 * promotion rules, on the core's clock sweep. Found by name through {@link
 * java.util.ServiceLoader}; depends on bufmgr-core only.
 */
package dev.bufmgr.eviction.hotcool;
