/**
 * The write-ahead log and group commit, after access/transam/xlog.c (ReserveXLogInsertLocation,
 * insertion locks, XLogFlush's leader), and the release policies that decide when commits are
 * flushed (seeds/000). A policy sees timestamps and a backlog, never a clock, so the same objects
 * run in virtual and in real time.
 */
package dev.bufmgr.wal;
