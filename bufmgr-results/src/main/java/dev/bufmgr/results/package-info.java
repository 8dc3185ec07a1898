/**
 * A results folder as one unit: rows, charts, files and summary.md, published atomically or not at
 * all, and markdown tables for summaries. Its own module so that the program and numa-bench share
 * it without linking each other.
 */
package dev.bufmgr.results;
