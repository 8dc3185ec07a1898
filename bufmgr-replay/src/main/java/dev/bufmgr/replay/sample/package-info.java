/**
 * Fast miss-ratio curves by spatial sampling: SHARDS's hash-based sample of pages (FAST '15), at a
 * fixed rate or of a fixed size, and miniature simulation of any policy on it (ATC '17), with the
 * SHARDS adjustment for the sampled request count.
 */
package dev.bufmgr.replay.sample;
