/**
 * The durable log on disk, after access/transam: preallocated segments of pages with headers
 * (XLogPageHeaderData), a control file (pg_control), a one-writer lock (postmaster.pid), and the
 * recovery scan (xlogreader.c) that tells a torn tail from corruption and cuts the tail.
 */
package dev.bufmgr.wal.store;
