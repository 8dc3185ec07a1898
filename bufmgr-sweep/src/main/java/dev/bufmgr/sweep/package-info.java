/**
 * Sweeps: every (trace, policy, size) configuration over many traces, as the field states its
 * results (the S3-FIFO and SIEVE papers' thousands of traces). A {@link dev.bufmgr.sweep.SweepPlan}
 * lists one {@link dev.bufmgr.sweep.TraceTask} per trace; {@link dev.bufmgr.sweep.TraceReplays}
 * replays all of a task's configurations in one pass and gives its {@link dev.bufmgr.sweep.SweepRow}s;
 * a {@link dev.bufmgr.sweep.SweepStore} keeps each finished task's rows in the results folder at
 * once, so a killed sweep resumes where it stopped; a {@link dev.bufmgr.sweep.SweepEngine} runs the
 * pending tasks, on this machine's cores ({@link dev.bufmgr.sweep.LocalSweepEngine}) or on an engine
 * found by name (bufmgr-spark's). A pipeline sweep ({@link dev.bufmgr.sweep.PipelinePlan}) has one
 * {@link dev.bufmgr.sweep.PipelineTask} per configuration of its {@link dev.bufmgr.sweep.PipelineSpecs},
 * each one simulated run of {@code bufmgr pipeline} ({@link dev.bufmgr.sweep.PipelineTasks}) giving
 * one {@link dev.bufmgr.sweep.PipelineRow}, in the same folders and on the same engines.
 */
package dev.bufmgr.sweep;
