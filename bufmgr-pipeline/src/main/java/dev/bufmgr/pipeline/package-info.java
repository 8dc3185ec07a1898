/**
 * Transactions on the pool, where postmaster/ meets storage/buffer: backends that log and dirty
 * pages (XLogInsert, MarkBufferDirty), write-back through the log (FlushBuffer's XLogFlush), the
 * checkpointer (postmaster/checkpointer.c, BufferSync) and the bgwriter (bgwriter.c, BgBufferSync),
 * in virtual or real time. It joins the log and the pool, which know nothing of each other.
 */
package dev.bufmgr.pipeline;
