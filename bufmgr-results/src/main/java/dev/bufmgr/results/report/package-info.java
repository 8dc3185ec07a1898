/**
 * Result rows (named fields carrying their configuration and seed) as a table, JSON Lines or CSV,
 * and the check that an output can be written before any work starts.
 */
package dev.bufmgr.results.report;
