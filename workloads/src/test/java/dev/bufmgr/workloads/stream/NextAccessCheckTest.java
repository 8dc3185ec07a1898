package dev.bufmgr.workloads.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The check of carried next accesses against a model: the true next accesses of a random page
 * sequence, computed by a backward scan with a HashMap.
 */
class NextAccessCheckTest {
  private static final long NEVER = EventBlock.NEVER;

  private static long[] pages(long seed, int n, int distinct) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] p = new long[n];
    for (int i = 0; i < n; i++) p[i] = r.nextInt(distinct) * 7919L;
    return p;
  }

  /** The model: each request's next request of the same page, numbered from {@code base}. */
  private static long[] truth(long[] pages, long base) {
    long[] next = new long[pages.length];
    Map<Long, Integer> seen = new HashMap<>();
    for (int i = pages.length - 1; i >= 0; i--) {
      Integer j = seen.put(pages[i], i);
      next[i] = j == null ? NEVER : j + base;
    }
    return next;
  }

  private static NextAccessCheck check(long[] pages, long[] next) {
    NextAccessCheck c = new NextAccessCheck();
    for (int i = 0; i < pages.length; i++) c.request(pages[i], next[i]);
    return c.finish();
  }

  @Test
  void trueValuesPassNumberedFromZeroOrOne() {
    for (long seed = 1; seed <= 5; seed++) {
      long[] p = pages(seed, 20_000, 900);
      for (long base : new long[] {0, 1}) {
        NextAccessCheck c = check(p, truth(p, base));
        assertTrue(c.usable(), "seed " + seed + ", base " + base + ": " + c.summary());
        assertEquals(20_000, c.requests());
      }
    }
  }

  @Test
  void anotherNumberingIsNotTaken() {
    long[] p = pages(9, 5_000, 300);
    assertFalse(check(p, truth(p, 2)).usable());
  }

  @Test
  void everyValueNeverIsCaughtOnceForEachRecurrence() {
    long[] p = pages(3, 10_000, 500);
    long[] never = new long[p.length];
    java.util.Arrays.fill(never, NEVER);
    long recurrences = p.length - java.util.Arrays.stream(p).distinct().count();
    NextAccessCheck c = check(p, never);
    assertFalse(c.usable());
    assertEquals(recurrences, c.faults());
    assertTrue(c.summary().startsWith(String.format(java.util.Locale.ROOT, "%,d of the first 10,000 requests carry a wrong next access (%,d said never and recur, 0 recur elsewhere, 0 never recur as said)",
        recurrences, recurrences)), c.summary());
  }

  @Test
  void aValueNamingAnotherPositionIsCaught() {
    long[] p = {5, 6, 5, 6, 5};
    long[] next = truth(p, 0);
    next[0] = 3; // page 5's next request is at 2, not 3
    NextAccessCheck c = check(p, next);
    assertEquals(1, c.faults(), c.summary());
    assertTrue(c.summary().contains("for example: page 5 recurs at request 2 but its previous request named 3"), c.summary());
  }

  @Test
  void aValueNamingAPositionWhereThePageNeverComesIsCaughtAtTheEnd() {
    long[] p = {5, 6, 7};
    long[] next = {NEVER, 2, NEVER}; // page 6 never comes again
    NextAccessCheck c = check(p, next);
    assertEquals(1, c.faults(), c.summary());
    assertTrue(c.summary().contains("page 6 is said to come again but never does"), c.summary());
  }

  @Test
  void onlyTheFirstRequestsAreCheckedAndAValueNamingAPositionBeyondThemIsTakenOnTrust() {
    int n = (int) NextAccessCheck.CHECKED_REQUESTS + 50_000;
    long[] p = pages(11, n, 20_000);
    long[] next = truth(p, 0);
    long[] lateFault = next.clone();
    lateFault[n - 10] = NEVER == lateFault[n - 10] ? n - 1 : NEVER;
    NextAccessCheck late = check(p, lateFault);
    assertTrue(late.usable(), late.summary());
    assertEquals(NextAccessCheck.CHECKED_REQUESTS, late.requests());
    long[] earlyFault = next.clone();
    int i = 1000;
    while (earlyFault[i] == NEVER) i++;
    earlyFault[i] = NEVER;
    assertEquals(1, check(p, earlyFault).faults());
  }
}
