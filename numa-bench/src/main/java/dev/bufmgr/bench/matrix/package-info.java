/**
 * {@code numa-bench/run}: named matrices of benchmark points fitted to a time budget, run in forked
 * JVMs, and written as one results folder with the machine's record, rows, charts and summary.
 */
package dev.bufmgr.bench.matrix;
