package dev.bufmgr.workloads.stream;

/**
 * An event source whose records carry each request's next access (libCacheSim's oracleGeneral
 * traces do), so a policy that reads the future needs no pre-pass. After each {@code fill} the
 * values of the events just delivered are in {@link #nextAccess()}, in the source's own
 * numbering of requests (only their order matters).
 */
public interface CarriesNextAccess {

  /**
   * The next accesses of the events of the last fill, index for index; {@link EventBlock#NEVER}
   * where the page is not requested again.
   */
  long[] nextAccess();

  /**
   * The check of every value {@link #nextAccess} delivered so far against the pages it came
   * with ({@link NextAccessCheck}); a consumer that relies on the values asks it, after the last
   * fill, whether they told the truth.
   */
  NextAccessCheck nextAccessCheck();
}
