package dev.bufmgr.wal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What storage holds, against a plain map, in both layouts; and the write-ahead check. */
class StoredPagesTest {

  @ParameterizedTest(name = "concurrent={0}")
  @ValueSource(booleans = {true, false})
  void keepsTheLargestLsnWrittenOfEveryPage(boolean concurrent) {
    StoredPages s = new StoredPages(concurrent);
    Map<Long, Long> model = new HashMap<>();
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < 50_000; i++) {
      long page = switch (r.nextInt(4)) {
        case 0 -> (1L << 32) | r.nextInt(5000);
        case 1 -> (7L << 32) | r.nextInt(100);
        case 2 -> (3L << 48) | (2L << 32) | r.nextInt(3000);
        default -> (5L << 32) | (PageLsnTable.MAX_DENSE_BLOCK + 1L + r.nextInt(1000));
      };
      long lsn = 1 + r.nextInt(1_000_000);
      s.written(page, lsn, Long.MAX_VALUE);
      model.merge(page, lsn, Math::max);
    }
    assertEquals(model.size(), s.pages());
    for (Map.Entry<Long, Long> e : model.entrySet()) assertEquals(e.getValue(), s.lsn(e.getKey()), "page " + e.getKey());
    assertEquals(0, s.lsn((1L << 32) | 999_999), "never written");
    assertEquals(0, s.lsn(99L << 32), "a relation never written");
    Map<Long, Long> seen = new HashMap<>();
    s.forEach(seen::put);
    assertEquals(model, seen);
  }

  @Test
  void aWriteBeyondTheDurableLogIsRefused() {
    StoredPages s = new StoredPages(false);
    StoredPages.WriteAheadViolation e = assertThrows(StoredPages.WriteAheadViolation.class, () -> s.written(9, 500, 499));
    assertTrue(e.getMessage().contains("page 9 written with LSN 500 while the log was durable only to 499"), e.getMessage());
    assertEquals(0, s.lsn(9), "nothing recorded");
  }
}
