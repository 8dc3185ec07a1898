package dev.bufmgr.pipeline;

import java.util.HashMap;
import java.util.Map;

/**
 * The data file a page lives in, as PostgreSQL lays relations out on disk: one file per relation
 * and {@code RELSEG_SIZE} blocks (131,072 of 8 KiB, 1 GB) per segment file ({@code _mdfd_getseg},
 * md.c). A page number carries its relation in its high 32 bits (the workloads' layout, {@code
 * rel << 32 | block}); a workload without relations is relation 0. Files are numbered densely in
 * the order first seen, so the page cache and the checkpoint's fsyncs see one file per segment.
 */
final class RelationFiles {
  /** Blocks per segment file: PostgreSQL's default {@code RELSEG_SIZE}. */
  static final long SEGMENT_BLOCKS = 131_072;

  private final Map<Long, Integer> numbers = new HashMap<>();

  /** The file of {@code page}. */
  int of(long page) {
    long segment = (page & 0xFFFF_FFFFL) / SEGMENT_BLOCKS;
    long key = ((page >>> 32) << 15) | segment;
    Integer n = numbers.get(key);
    if (n == null) {
      n = numbers.size();
      numbers.put(key, n);
    }
    return n;
  }

  /** Files seen so far. */
  int count() {
    return numbers.size();
  }
}
