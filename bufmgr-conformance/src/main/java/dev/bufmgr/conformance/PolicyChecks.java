package dev.bufmgr.conformance;

import dev.bufmgr.core.evict.SelectorRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a selector must pass, as {@code bufmgr check-policy} runs it: the conformance checks
 * ({@link SelectorChecks}), the near-all-pinned run ({@link NearAllPinnedCheck}, 4 threads x 4
 * pins) and a short stress run ({@link PoolStressCheck}), each under a time limit, each reported
 * passed or failed with the check's own message.
 */
public final class PolicyChecks {
  /** Threads of the near-all-pinned run, as its JUnit suite runs it by default. */
  private static final int NEAR_ALL_PINNED_THREADS = 4;
  /** Pins each of them holds at most. */
  private static final int NEAR_ALL_PINNED_PINS = 4;
  /** Operations per thread. */
  private static final int NEAR_ALL_PINNED_OPS = 40_000;

  private PolicyChecks() {}

  /**
   * What one check came to.
   *
   * @param name the check
   * @param failure null when it passed, else its message
   * @param millis how long it ran
   */
  public record Outcome(String name, String failure, long millis) {
    /** Whether it passed. */
    public boolean passed() {
      return failure == null;
    }
  }

  /**
   * The checks of {@code spec}, in the order they run: conformance, near all pinned, stress.
   *
   * @param stressOps operations per thread of the stress run (4 threads)
   */
  public static List<Check> of(SelectorRegistry registry, String spec, long stressOps) {
    List<Check> checks = new ArrayList<>(new SelectorChecks(registry, Duration.ofSeconds(20)).all(spec));
    checks.add(new Check("nearAllPinned", () -> NearAllPinnedCheck.run(
        registry, spec, NEAR_ALL_PINNED_THREADS, NEAR_ALL_PINNED_PINS, NEAR_ALL_PINNED_OPS)));
    checks.add(new Check("stress", () -> PoolStressCheck.run(registry, spec, stressOps)));
    return checks;
  }

  /**
   * Runs {@code check} on a thread of its own for at most {@code limit} (a check that has not
   * ended by then fails, and its thread is left to the end of the process); any throwable fails it
   * with its message.
   */
  public static Outcome run(Check check, Duration limit) {
    long start = System.nanoTime();
    String failure = null;
    try {
      Expect.within(limit, check.body(), check.name());
    } catch (AssertionError e) {
      failure = e.getMessage();
    } catch (RuntimeException | Error e) {
      failure = e.getMessage() == null ? e.toString() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    return new Outcome(check.name(), failure, (System.nanoTime() - start) / 1_000_000);
  }
}
