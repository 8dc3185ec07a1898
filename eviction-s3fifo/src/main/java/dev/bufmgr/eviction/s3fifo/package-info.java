/**
 * S3-FIFO (Yang et al., SOSP '23) after libCacheSim's S3FIFO.c: small and main FIFOs over buffers,
 * a ghost FIFO of evicted ids with its own index, and Andres Freund's strategy cap (seeds/002).
 * Found by name through {@link java.util.ServiceLoader}; depends on bufmgr-core only.
 */
package dev.bufmgr.eviction.s3fifo;
