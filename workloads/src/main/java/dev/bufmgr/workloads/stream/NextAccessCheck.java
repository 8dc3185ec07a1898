package dev.bufmgr.workloads.stream;

import java.util.Locale;
import org.agrona.collections.Long2LongHashMap;

/**
 * Checks, while a trace is read, that the next accesses it carries (libCacheSim's oracleGeneral
 * {@code next_access_vtime}) tell the truth: each request's value must name the position of the
 * next request of the same page, or "never" when there is none. OPT trusts these values, so a
 * trace written with every value -1 (as some converters leave it) or with values that do not
 * match its ids would silently give a wrong bound. The numbering may start anywhere (libCacheSim's
 * traceConv writes 1-based positions): the offset is learned from the first recurring page and
 * must then hold for every request.
 *
 * <p>Three faults are counted: a page said never to come again that recurs; a page that recurs
 * at another position than its previous request named; a value naming a position where the page
 * never comes (found at {@link #finish}).
 *
 * <p>Only the first {@link #CHECKED_REQUESTS} requests are checked (values naming a position
 * beyond them are taken on trust): the faults a converter makes (every value -1, values numbered
 * otherwise or shifted, a field filled from another trace) show in any prefix, while checking a
 * whole trace would hold a map entry per distinct page and slow the reader that feeds OPT.
 * Memory: one map entry per distinct page of the prefix.
 *
 * <p>Not thread-safe: the reader that delivers the requests calls it, in order.
 */
public final class NextAccessCheck {
  private static final long NEVER = EventBlock.NEVER;

  /** How many requests, from the first, are checked: 2^18. */
  public static final long CHECKED_REQUESTS = 1L << 18;

  private final Long2LongHashMap claims = new Long2LongHashMap(Long.MIN_VALUE);
  private long position;
  private long recurAfterNever;
  /** Values naming another position than the page's next request, numbered from 0 and from 1. */
  private final long[] wrongPosition = new long[2];
  private final String[] firstWrong = new String[2];
  private long dangling;
  private String firstFault;
  private boolean finished;

  /**
   * The next request: {@code page}, carrying {@code next} ({@link EventBlock#NEVER} for none).
   * Requests are numbered from 0 in the order they are given.
   */
  public void request(long page, long next) {
    if (position >= CHECKED_REQUESTS) return;
    long claim = claims.put(page, next);
    if (claim != Long.MIN_VALUE) {
      if (claim == NEVER) {
        recurAfterNever++;
        fault("the request at " + position + " is for page " + page + ", which an earlier request said never comes again");
      } else {
        for (int base = 0; base < 2; base++) {
          if (claim - base == position) continue;
          wrongPosition[base]++;
          if (firstWrong[base] == null) {
            firstWrong[base] = "page " + page + " recurs at request " + position + " but its previous request named " + (claim - base);
          }
        }
      }
    }
    position++;
  }

  /**
   * Ends the check: values that named a position within the checked requests where their page
   * never came are counted now.
   */
  public NextAccessCheck finish() {
    if (finished) return this;
    finished = true;
    long end = position;
    claims.forEachLong((page, claim) -> {
      if (claim != NEVER && claim - base() < end) {
        dangling++;
        fault("page " + page + " is said to come again but never does");
      }
    });
    return this;
  }

  private void fault(String text) {
    if (firstFault == null) firstFault = text;
  }

  /** The numbering (0 or 1) under which fewer values name a wrong position. */
  private int base() {
    return wrongPosition[1] < wrongPosition[0] ? 1 : 0;
  }

  /** Whether the check has seen all the requests it checks; later ones need not be given. */
  public boolean done() {
    return position >= CHECKED_REQUESTS;
  }

  /** Requests checked. */
  public long requests() {
    return position;
  }

  /** Faults of all three kinds. */
  public long faults() {
    return recurAfterNever + wrongPosition[base()] + dangling;
  }

  /** Whether every value told the truth (after {@link #finish}). */
  public boolean usable() {
    return faults() == 0;
  }

  /** One line with the counts and an example (a recurrence after "never" first, then a wrong position, then a value never met), for the warning. */
  public String summary() {
    return String.format(Locale.ROOT,
        "%,d of the first %,d requests carry a wrong next access (%,d said never and recur, %,d recur elsewhere, %,d never recur as said); for example: %s",
        faults(), position, recurAfterNever, wrongPosition[base()], dangling, firstText());
  }

  private String firstText() {
    if (firstFault != null && (recurAfterNever > 0 || wrongPosition[base()] == 0)) return firstFault;
    if (wrongPosition[base()] > 0) return firstWrong[base()];
    return firstFault == null ? "none" : firstFault;
  }
}
