/**
 * Synthetic workloads by spec: uniform, Zipf (Gray et al., SIGMOD '94, as YCSB), hot set, scans and
 * mixes, and PostgreSQL shapes (pgbench -S, pgbench's TPC-B-like transactions, seeds/001's wide
 * table), drawn from SplitMix64 so a seed gives the same events on every JDK.
 */
package dev.bufmgr.workloads.synth;
