/**
 * Trace formats (text, binary, CSV, LIRS, ARC, MSR Cambridge, libCacheSim's oracleGeneral), each
 * declaring the event fields it carries; writers for the binary and oracleGeneral forms; gzip and
 * zstd by file name; one-line errors naming file and record.
 */
package dev.bufmgr.workloads.trace;
