/**
 * Answers across traces from a sweep's rows, as the field states them: for each policy and size,
 * the miss-ratio reduction from a baseline, (mr_base - mr_X) / mr_base, over traces as P10, P25,
 * median, mean, P75 and P90 (the S3-FIFO paper, Yang et al., SOSP '23, Fig. 6; libCacheSim's
 * {@code scripts/plot_mrc_size.py} box plots) and as means per dataset; the share of traces on
 * which each policy has the lowest miss ratio (the SIEVE paper, Zhang et al., NSDI '24); and
 * pairwise counts. {@link dev.bufmgr.report.SweepFolders} reads and merges sweeps' folders,
 * {@link dev.bufmgr.report.CrossTrace} computes every number, {@link dev.bufmgr.report.Report}
 * writes them as a results folder (summary, tables, charts).
 */
package dev.bufmgr.report;
