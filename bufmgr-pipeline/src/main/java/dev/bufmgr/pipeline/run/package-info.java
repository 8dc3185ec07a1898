/**
 * Runs of the pipeline as {@code bufmgr pipeline}, its experiments and pipeline sweeps make them:
 * the shared settings, the input, the device, every selector under every commit policy each on a
 * fresh pool, log and device ({@link dev.bufmgr.pipeline.run.PipelineRunner}), the result rows,
 * and a real-clock run's folder with its recovery.
 */
package dev.bufmgr.pipeline.run;
