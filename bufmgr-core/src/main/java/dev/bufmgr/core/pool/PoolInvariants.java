package dev.bufmgr.core.pool;

import static dev.bufmgr.core.buffer.BufferState.IO_IN_PROGRESS;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.refCount;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import java.util.HashMap;
import java.util.Map;

/**
 * Invariant checks on a pool, for the checks every selector must pass (module {@code
 * bufmgr-conformance}) and the pool's own tests: the mapping and the descriptors form a bijection
 * between resident pages and buffers holding a valid tag, no I/O is left running, and (when the
 * pool is quiet) no pin is left. In the pool's package because it reads the mapping table and the
 * page memory, which the pool keeps to itself.
 */
public final class PoolInvariants {
  private PoolInvariants() {}

  /**
   * Checks a pool no thread is using: every mapping entry for buffer b carries the fingerprint of
   * b's tag, lies in the tag's partition, is found by a lookup of the tag, and b has TAG_VALID and
   * VALID set; every buffer with TAG_VALID is mapped from its tag; no two pages map
   * to one buffer; no buffer is pinned or in I/O; in page-memory mode every resident frame is
   * stamped with its page.
   *
   * @throws AssertionError describing the first violation
   */
  public static void checkQuiescent(BufferPool pool) {
    checkMapping(pool, true);
  }

  /**
   * The same checks as {@link #checkQuiescent} except that pins are allowed: for a pool whose
   * threads are paused while holding pins.
   */
  public static void checkWithPins(BufferPool pool) {
    checkMapping(pool, false);
  }

  /**
   * Checks what a thread holding a pin on {@code buffer} for {@code page} may rely on: the tag
   * names the page, TAG_VALID and VALID are set, the pin is counted, and in page-memory mode the
   * frame is stamped with the page at both ends.
   */
  public static void checkPinned(BufferPool pool, int buffer, long page) {
    Descriptors d = pool.descriptors;
    long st = d.state(buffer);
    if (!has(st, TAG_VALID | VALID) || refCount(st) < 1 || d.tag(buffer) != page) {
      throw new AssertionError(
          "pinned buffer " + buffer + " for page " + page + " shows tag " + d.tag(buffer) + ", "
              + BufferState.describe(st));
    }
    if (pool.pages != null
        && (pool.pages.stampedPage(buffer) != page || pool.pages.stampedPageAtEnd(buffer) != page)) {
      throw new AssertionError(
          "pinned buffer " + buffer + " for page " + page + " holds the bytes of page "
              + pool.pages.stampedPage(buffer) + "/" + pool.pages.stampedPageAtEnd(buffer));
    }
  }

  /** The number of pins held on all buffers together. */
  public static long totalPins(BufferPool pool) {
    long pins = 0;
    for (int b = 0; b < pool.frames(); b++) pins += refCount(pool.descriptors.state(b));
    return pins;
  }

  private static void checkMapping(BufferPool pool, boolean quiescent) {
    Descriptors d = pool.descriptors;
    Map<Integer, Long> pageOfBuffer = new HashMap<>();
    pool.mapping.forEach(
        (partition, fingerprint, buffer) -> {
          if (buffer < 0 || buffer >= pool.frames()) {
            throw new AssertionError("a mapping entry of partition " + partition + " points to buffer " + buffer + " outside the pool");
          }
          long page = d.tag(buffer);
          long h = MappingTable.hash(page);
          if (MappingTable.fingerprint(h) != fingerprint || pool.mapping.partitionOf(page) != partition) {
            throw new AssertionError(
                "buffer " + buffer + " is mapped from an entry of partition " + partition + " whose fingerprint "
                    + fingerprint + " is not that of its tag " + page);
          }
          Long previous = pageOfBuffer.put(buffer, page);
          if (previous != null) {
            throw new AssertionError("two mapping entries point to buffer " + buffer + " (page " + page + ")");
          }
          long st = d.state(buffer);
          if (!has(st, TAG_VALID | VALID) || pool.mapping.lookup(page) != buffer) {
            throw new AssertionError(
                "page " + page + " maps to buffer " + buffer + " but is not found there: " + BufferState.describe(st));
          }
        });
    for (int b = 0; b < pool.frames(); b++) {
      long st = d.state(b);
      if (has(st, TAG_VALID) && !pageOfBuffer.containsKey(b)) {
        throw new AssertionError("buffer " + b + " holds page " + d.tag(b) + " but no mapping points to it");
      }
      if (has(st, IO_IN_PROGRESS)) {
        throw new AssertionError("buffer " + b + " still has I/O in progress: " + BufferState.describe(st));
      }
      if (quiescent && refCount(st) != 0) {
        throw new AssertionError("buffer " + b + " is still pinned: " + BufferState.describe(st));
      }
      if (has(st, TAG_VALID) && pool.pages != null && pool.pages.stampedPage(b) != d.tag(b)) {
        throw new AssertionError("buffer " + b + " holds page " + d.tag(b) + " but the bytes of " + pool.pages.stampedPage(b));
      }
    }
  }
}
