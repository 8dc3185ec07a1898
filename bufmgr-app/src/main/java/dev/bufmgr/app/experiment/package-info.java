/**
 * The named experiments, each a question answered in a results folder: scan resistance, cache
 * pressure and the ghost cap (seeds/002), ticks per victim, shared-trace miss-ratio curves, and the
 * pipeline's (full-page-write tax of seeds/001, dirty evictions, checkpoint storm, bgwriter, torn pages).
 */
package dev.bufmgr.app.experiment;
