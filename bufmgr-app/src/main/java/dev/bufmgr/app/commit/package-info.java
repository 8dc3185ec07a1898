/**
 * The group-commit experiment of seeds/000 (closed-loop fixed point, offline optimum after Dooly,
 * Goldman and Scott 2001) and the real-clock commit runs, with wal-load's ack log and wal-verify's
 * check.
 */
package dev.bufmgr.app.commit;
