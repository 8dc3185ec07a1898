package dev.bufmgr.report;

/**
 * A trace (or one of its sizes, or one policy there) left out of some of a report's figures, and
 * why; the summary names every one.
 *
 * @param trace the trace as its rows name it
 * @param size the size (null: every size)
 * @param policy the policy whose row is missing (null: not one policy's)
 * @param kind why, and which figures it leaves out
 * @param detail what the rows say (the task's failure, the frames of a skipped size), or null
 */
public record Exclusion(String trace, String size, String policy, Kind kind, String detail) {

  /** The reasons, each with the figures it affects. */
  public enum Kind {
    /** The sweep's task for the trace failed: the trace has no result at all. */
    FAILED("the sweep's task failed", "every figure"),
    /** The sweep skipped the size for the trace (too few frames). */
    SKIPPED("the sweep skipped the size (below its smallest cache)", "every figure at that size"),
    /** The trace has no row at all at the size (merged sweeps of other sizes). */
    NO_ROWS("no row at that size", "every figure at that size"),
    /** The baseline's row is missing at the size. */
    NO_BASELINE("no row of the baseline", "every reduction, the win fraction and the baseline's pairwise counts at that size"),
    /** The baseline's miss ratio is 0 at the size: every reduction from it is undefined. */
    ZERO_BASELINE("the baseline's miss ratio is 0 (the reduction is undefined)", "every reduction at that size"),
    /** A policy's row is missing at the size. */
    NO_POLICY("no row of the policy", "that policy's reduction, the win fraction (unless the policy is a bound) and that policy's pairwise counts at that size");

    private final String reason;
    private final String affects;

    Kind(String reason, String affects) {
      this.reason = reason;
      this.affects = affects;
    }

    /** Why the trace is left out. */
    public String reason() {
      return reason;
    }

    /** Which figures it is left out of. */
    public String affects() {
      return affects;
    }
  }
}
