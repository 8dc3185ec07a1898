package dev.bufmgr.core.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Recovers a run's end state the way crash recovery would, independently of the code under
 * test: start from the pages on storage, replay every page-change record after the last completed
 * checkpoint's redo point up to the durable end of the log, and compare each page with its latest
 * durable version (the last record of it at or before the durable end). A page that comes out
 * older lost a change: the write-ahead rule, the checkpoint or the write-back is broken.
 */
public final class RecoveryCheck {
  private RecoveryCheck() {}

  /**
   * @param pages the page of each page-change record, in log order
   * @param lsns the LSN of each record
   * @param count records
   * @param stored the LSN of each page's stored version (0 when never written)
   * @param durable the log's durable end
   * @param redo the redo point recovery starts from
   * @return one line per page that recovery would get wrong; empty when every change survives
   */
  public static List<String> problems(long[] pages, long[] lsns, int count, LongUnaryOperator stored, long durable, long redo) {
    Map<Long, Long> latest = new HashMap<>();
    Map<Long, Long> replayed = new HashMap<>();
    for (int i = 0; i < count; i++) {
      if (lsns[i] > durable) continue;
      latest.merge(pages[i], lsns[i], Math::max);
      if (lsns[i] > redo) replayed.merge(pages[i], lsns[i], Math::max);
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<Long, Long> e : latest.entrySet()) {
      long page = e.getKey();
      long onStorage = stored.applyAsLong(page);
      if (onStorage > durable) problems.add("page " + page + " stored with LSN " + onStorage + " beyond the durable end " + durable);
      long recovered = Math.max(onStorage, replayed.getOrDefault(page, 0L));
      if (recovered != e.getValue()) {
        problems.add("page " + page + ": recovery finds version " + recovered + " (stored " + onStorage
            + "), its last durable change is " + e.getValue());
      }
    }
    return problems;
  }
}
