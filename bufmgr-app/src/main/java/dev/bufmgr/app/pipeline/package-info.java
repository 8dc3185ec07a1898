/**
 * What {@code bufmgr pipeline} runs and writes: every selector under every commit policy, in either
 * clock, each on a fresh pool, log and device, and the rows, charts and summary of its folder.
 */
package dev.bufmgr.app.pipeline;
