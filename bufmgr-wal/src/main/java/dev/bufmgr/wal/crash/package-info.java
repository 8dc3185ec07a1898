/**
 * Power-loss testing of the durable log: an in-memory log directory records every change, and every
 * file state a crash could leave (ALICE, OSDI '14; CrashMonkey, OSDI '18) must recover with every
 * acknowledged commit. Kept apart from the log it checks; run by wal-crash-check and the tests.
 * And of the data file: a simulated run's page writes, log flushes and checkpoints ({@link
 * dev.bufmgr.wal.crash.DataFileHistory}), whose page writes in flight at a crash are torn ({@link
 * dev.bufmgr.wal.crash.Tears}) and redone page by page ({@link dev.bufmgr.wal.crash.TornPageCheck});
 * run by {@code experiment torn-pages} and the tests.
 */
package dev.bufmgr.wal.crash;
