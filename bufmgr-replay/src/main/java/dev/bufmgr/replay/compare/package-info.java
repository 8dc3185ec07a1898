/**
 * The built-in comparison of {@code bufmgr compare}: workloads and sizes chosen for DESIGN.md's
 * claims, and a summary naming the best online policy per size and its distance to its OPT bound.
 */
package dev.bufmgr.replay.compare;
