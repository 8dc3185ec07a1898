package dev.bufmgr.core.pool;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The page bytes of a pool in page-memory mode: one off-heap region of N pages. A {@link
 * PageLoader} fills a frame on a miss and stamps the page id into its first and last 8 bytes, so
 * a reader holding a pin can check that the frame holds the page it asked for.
 */
final class PageMemory implements AutoCloseable {
  private final Arena arena = Arena.ofShared();
  private final MemorySegment region;
  private final int pageSize;

  PageMemory(int frames, int pageSize) {
    this.pageSize = pageSize;
    long bytes = (long) frames * pageSize;
    try {
      this.region = arena.allocate(bytes, 4096);
    } catch (OutOfMemoryError | IllegalArgumentException e) {
      arena.close();
      throw new IllegalArgumentException(
          "cannot allocate " + bytes + " bytes of page memory (" + frames + " frames of " + pageSize + " bytes)", e);
    }
  }

  /** The frame of buffer {@code b}. */
  MemorySegment frame(int b) {
    return region.asSlice((long) b * pageSize, pageSize);
  }

  /** The page id stamped at the start of buffer {@code b}'s frame. */
  long stampedPage(int b) {
    return region.get(ValueLayout.JAVA_LONG_UNALIGNED, (long) b * pageSize);
  }

  /** The page id stamped at the end of buffer {@code b}'s frame. */
  long stampedPageAtEnd(int b) {
    return region.get(ValueLayout.JAVA_LONG_UNALIGNED, (long) b * pageSize + pageSize - Long.BYTES);
  }

  /** Bytes of page memory. */
  long bytes() {
    return region.byteSize();
  }

  @Override
  public void close() {
    arena.close();
  }
}
