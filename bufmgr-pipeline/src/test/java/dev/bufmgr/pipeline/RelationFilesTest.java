package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One file per relation and 1 GB segment, numbered in the order first seen. */
class RelationFilesTest {
  @Test
  void aFilePerRelationAndSegment() {
    RelationFiles f = new RelationFiles();
    assertEquals(0, f.of((2L << 32) | 5), "relation 2, block 5: the first file seen");
    assertEquals(1, f.of(7), "relation 0 (a workload without relations), block 7");
    assertEquals(0, f.of((2L << 32) | 131_071), "the last block of relation 2's first segment");
    assertEquals(2, f.of((2L << 32) | 131_072), "block 131,072 (1 GB of 8 KiB blocks) starts its second segment");
    assertEquals(3, f.of((1L << 48) | (2L << 32)), "a mixed stream's relation 2 is another relation");
    assertEquals(1, f.of(100));
    assertEquals(4, f.count());
  }
}
