/**
 * An array-linked queue of buffers with O(1) operations, and the cleaning view of a search that
 * walks one. Shared by the list-keeping selectors of two modules (SIEVE and CLOCK-Pro; LRU, 2Q and
 * ARC), hence in the core.
 */
package dev.bufmgr.core.evict.queue;
