/**
 * One reading of an input shared by many consumers: a feed decodes blocks on its own thread and
 * hands them out read-only, with bounded memory; each request's next access for policies that read
 * the future (carried, in memory, or by a backward pre-pass); and the facts one pass finds.
 */
package dev.bufmgr.workloads.stream;
