/**
 * The buffer pool: sessions and the miss path (bufmgr.c's BufferAlloc and GetVictimBuffer), the
 * partitioned mapping table (buf_table.c), free list, rings (freelist.c's BufferAccessStrategy) and
 * the writer the checkpointer and bgwriter use (SyncOneBuffer). It reaches a log and a device only
 * through its write-back hook, and a selector only through the contract.
 */
package dev.bufmgr.core.pool;
