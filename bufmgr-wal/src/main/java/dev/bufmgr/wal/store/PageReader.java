package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads log pages one at a time from the segments of a {@link LogStorage}, keeping one page and
 * the segment files it opened: memory is one page whatever the log's size.
 */
final class PageReader implements AutoCloseable {
  private final LogStorage storage;
  private final LogLayout layout;
  private final Map<Long, LogFile> files = new HashMap<>();
  private final ByteBuffer page = ByteBuffer.allocate(LogLayout.PAGE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
  private long loaded = -1;
  private boolean present;

  PageReader(LogStorage storage, LogLayout layout) {
    this.storage = storage;
    this.layout = layout;
  }

  /**
   * Loads global page {@code gp}; returns false when its segment file is missing or too short to
   * hold it.
   */
  boolean load(long gp) throws IOException {
    if (gp == loaded) return present;
    loaded = gp;
    long segment = layout.segmentOfPage(gp);
    LogFile f = files.get(segment);
    if (f == null) {
      String name = LogLayout.segmentName(segment);
      if (!storage.exists(name)) return present = false;
      for (LogFile old : files.values()) old.close();
      files.clear();
      f = storage.open(name, false);
      files.put(segment, f);
    }
    page.clear();
    present = f.read(page, layout.offsetOfPage(gp)) == LogLayout.PAGE_BYTES;
    page.clear();
    return present;
  }

  /** The loaded page's bytes (valid after {@link #load} returned true). */
  ByteBuffer page() {
    return page;
  }

  /** The loaded page's header, or {@code null} when it has none that passes its checksum. */
  PageHeader header() {
    return PageHeader.decode(page, 0);
  }

  @Override
  public void close() throws IOException {
    for (LogFile f : files.values()) f.close();
    files.clear();
  }
}
