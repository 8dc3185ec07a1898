/**
 * What a trace is like, counted in one streaming pass: footprint, one-hit wonders, exact LRU stack
 * (reuse) distances, a Zipf skew estimate and the share of writes ({@link
 * dev.bufmgr.replay.facts.TraceCharacter}), for {@code bufmgr analyze}, a sweep's rows and a
 * report's split by trace character.
 */
package dev.bufmgr.replay.facts;
