/**
 * Result rows (named fields carrying their configuration and seed) as a table, JSON Lines or CSV;
 * the check that an output can be written without destroying anything before any work starts
 * ({@code OutputTarget}); and the publication of a results folder that replaces only the files
 * this program wrote there ({@code ResultsFolder}, its manifest).
 */
package dev.bufmgr.results.report;
