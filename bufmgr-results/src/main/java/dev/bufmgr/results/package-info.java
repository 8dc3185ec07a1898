/**
 * An experiment's results as one unit: rows, charts, files and summary.md, published together or
 * not at all through {@code report.ResultsFolder}, and markdown tables for summaries. Its own
 * module so that the program and numa-bench share it without linking each other.
 */
package dev.bufmgr.results;
