/**
 * Power-loss testing of the durable log: an in-memory log directory records every change, and every
 * file state a crash could leave (ALICE, OSDI '14; CrashMonkey, OSDI '18) must recover with every
 * acknowledged commit. Kept apart from the log it checks; run by wal-crash-check and the tests.
 */
package dev.bufmgr.wal.crash;
