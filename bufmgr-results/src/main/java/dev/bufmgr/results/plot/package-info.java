/**
 * Charts as PNG bytes, rendered headless with XChart (lines, bars, miss-ratio curves, CDFs); a
 * series' style is a function of its name, so a policy looks the same in every chart.
 */
package dev.bufmgr.results.plot;
