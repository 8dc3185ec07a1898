/**
 * The event word: a page id plus one int of packed fields (write, access strategy, page class,
 * marker, log record bytes), delivered in primitive batches by an event source. In the core because
 * the inputs (workloads) produce it and replay and the pipeline consume it, and the core imports
 * neither.
 */
package dev.bufmgr.core.event;
