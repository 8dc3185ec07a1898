package dev.bufmgr.core.pool;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * What a miss reads into its frame in page-memory mode (PostgreSQL's {@code smgrread} in {@code
 * ReadBuffer_common}), called once the buffer holds the new tag and before it is valid. A loader
 * must leave the page id in the frame's first and last 8 bytes, the stamp by which a reader
 * holding a pin checks that the frame holds its page.
 */
@FunctionalInterface
public interface PageLoader {
  /** Fills {@code frame} with the bytes of {@code page}. */
  void load(long page, MemorySegment frame);

  /** The default: no page contents, only the page id stamped at both ends of the frame. */
  PageLoader STAMP = (page, frame) -> {
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, page);
    frame.set(ValueLayout.JAVA_LONG_UNALIGNED, frame.byteSize() - Long.BYTES, page);
  };
}
