/**
 * Open-addressing hash tables for long keys (page ids), written once for the whole project: one
 * hash and one probing rule ({@link dev.bufmgr.core.table.LongHashing}), linear probing, growth
 * by doubling, and backward-shift deletion (Knuth, TAOCP vol. 3, section 6.4, Algorithm R), so
 * no table collects tombstones and none makes an object per entry.
 *
 * <p>Two kinds: tables that hold their keys ({@link dev.bufmgr.core.table.LongHashSet}, {@link
 * dev.bufmgr.core.table.LongIntHashMap}, on {@link dev.bufmgr.core.table.LongKeyTable}), and
 * {@link dev.bufmgr.core.table.FingerprintTable}, whose one-word entries hold a fingerprint and a
 * locator of a key kept elsewhere, for the buffer mapping and the ghost FIFO's index, where the
 * key already lives in a descriptor or a queue slot. None is thread-safe; the buffer mapping adds
 * its partition locks on top.
 */
package dev.bufmgr.core.table;
