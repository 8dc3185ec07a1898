package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.testing.InterleavedReload;
import dev.bufmgr.core.testing.ProbedFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * S3-FIFO's G never holds the id of a page in S or M when another miss loads and evicts a page
 * between a miss's {@code onMiss} and its {@code onAdmit} ({@link InterleavedReload}); the
 * exclusive G's batched index relies on it ({@link GhostDirectory#add}).
 */
class GhostAfterInterleavedMissTest {

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void gHoldsNoResidentPage(Sharing sharing) {
    InterleavedReload.check(new ProbedFactory<>(new S3FifoFactory(), S3FifoSelector.class), sharing,
        (s3fifo, page) -> s3fifo.ghost() != null && s3fifo.ghost().contains(page));
  }
}
