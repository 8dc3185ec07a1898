/**
 * Exact replay of one input under policies and pool sizes: a baseline, or a selector through the
 * real pool (exclusive, metadata only, DESIGN.md's reference semantics), many configurations over
 * one reading, each on one thread; plus concurrent replay on a shared pool, the one not
 * deterministic.
 */
package dev.bufmgr.replay;
