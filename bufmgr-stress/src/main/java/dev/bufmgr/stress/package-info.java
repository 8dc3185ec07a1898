/**
 * jcstress races on the pool's real code (pins against selectors' claims, usage aging, write-back,
 * re-tagging, rings against cleaners, group commit's leader election), each forbidding the outcomes
 * that lose a pin, a change or an acknowledgement. Its own module, so jcstress stays out of the
 * program.
 */
package dev.bufmgr.stress;
