/**
 * Buffer descriptors and every change to them: the 64-bit state word (PostgreSQL's
 * BufferDesc.state, buf_internals.h) and its compare-and-set transitions (bufmgr.c's PinBuffer,
 * UnpinBuffer, MarkBufferDirty; freelist.c's claim), in a shared or an exclusive layout. It imports
 * nothing else of the project, so selectors, hands and the jcstress races reach the state word
 * without the pool.
 */
package dev.bufmgr.core.buffer;
