/**
 * Storage devices with one FIFO queue for log flushes and page writes: models served in virtual
 * time or emulated in real time, and real files (fdatasync; data pages in the page cache until a
 * sync); latency models, the fsync probe, and the write-ahead check of every page write.
 */
package dev.bufmgr.wal.device;
