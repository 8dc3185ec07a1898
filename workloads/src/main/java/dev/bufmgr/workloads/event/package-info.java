/**
 * Helpers for consumers of events above the core's event word: a whole trace in primitive arrays
 * (for OPT and repeated replays), the check that refuses a consumer whose fields an input lacks,
 * and primitive hash tables over page ids.
 */
package dev.bufmgr.workloads.event;
