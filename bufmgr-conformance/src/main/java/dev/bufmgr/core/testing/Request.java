package dev.bufmgr.core.testing;

import dev.bufmgr.core.buffer.AccessStrategy;

/**
 * One request of a test trace.
 *
 * @param page the page id
 * @param strategy how the request reaches the pool
 * @param write whether it dirties the page
 */
public record Request(long page, AccessStrategy strategy, boolean write) {

  /** A normal read of {@code page}. */
  public static Request read(long page) {
    return new Request(page, AccessStrategy.NORMAL, false);
  }

  /** Normal reads of the given pages, in order. */
  public static Request[] reads(long... pages) {
    Request[] out = new Request[pages.length];
    for (int i = 0; i < pages.length; i++) out[i] = read(pages[i]);
    return out;
  }
}
