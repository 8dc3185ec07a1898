package dev.bufmgr.pipeline;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;

/**
 * How many bytes a full-page image of a page of each class takes: PostgreSQL logs a page without
 * the unused hole between its line pointers and its tuples ({@code XLogRecordAssemble} with
 * {@code BKPIMAGE_HAS_HOLE}), so the size follows how full the class's pages are; the input says
 * (see {@link EventSource#imageBytes}) or the whole page is logged. With full-page writes off no
 * image is logged at all.
 */
public final class PageImages {
  /** full_page_writes = off: no page images. */
  public static final PageImages OFF = new PageImages(new int[EventMeta.MAX_PAGE_CLASS + 1]);

  private final int[] bytesByClass;

  private PageImages(int[] bytesByClass) {
    this.bytesByClass = bytesByClass;
  }

  /** Images sized by what {@code source} knows of its pages, whole pages of {@code pageSize} otherwise. */
  public static PageImages of(EventSource source, int pageSize) {
    int[] b = new int[EventMeta.MAX_PAGE_CLASS + 1];
    for (int c = 0; c < b.length; c++) {
      int given = source.imageBytes(c);
      b[c] = given < 0 ? pageSize : Math.min(given, pageSize);
    }
    return new PageImages(b);
  }

  /** The image size of a page of class {@code pageClass}, 0 when images are off. */
  public int bytes(int pageClass) {
    return bytesByClass[pageClass];
  }
}
