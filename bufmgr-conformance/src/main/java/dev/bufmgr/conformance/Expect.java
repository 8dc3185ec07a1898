package dev.bufmgr.conformance;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The assertions the selector checks make, without a test framework, so the program can run the
 * checks ({@code bufmgr check-policy}) as the JUnit suites do: each failure is a {@link
 * CheckFailed} whose message is the check's own, followed by what was expected and found.
 */
public final class Expect {
  private Expect() {}

  /** Something a check runs that may throw. */
  @FunctionalInterface
  public interface Body {
    /** Runs it. */
    void run() throws Throwable;
  }

  /** Fails with {@code message} unless {@code condition}. */
  public static void isTrue(boolean condition, String message) {
    if (!condition) throw new CheckFailed(message);
  }

  /** Fails with {@code message} when {@code condition}. */
  public static void isFalse(boolean condition, String message) {
    isTrue(!condition, message);
  }

  /** Fails unless {@code expected} equals {@code actual}. */
  public static void equal(Object expected, Object actual, String message) {
    if (!Objects.equals(expected, actual)) {
      throw new CheckFailed((message == null ? "" : message + " ==> ") + "expected: <" + expected + "> but was: <" + actual + ">");
    }
  }

  /** Fails unless two numbers are equal (ints widen here, as they do in JUnit's assertEquals). */
  public static void equal(long expected, long actual, String message) {
    if (expected != actual) equal((Object) expected, (Object) actual, message);
  }

  /** {@link #equal(long, long, String)} with no message. */
  public static void equal(long expected, long actual) {
    equal(expected, actual, (String) null);
  }

  /** {@link #equal(long, long, String)} with a message made only on failure. */
  public static void equal(long expected, long actual, Supplier<String> message) {
    if (expected != actual) equal(expected, actual, message.get());
  }

  /** {@link #equal(Object, Object, String)} with no message. */
  public static void equal(Object expected, Object actual) {
    equal(expected, actual, (String) null);
  }

  /** {@link #equal(Object, Object, String)} with a message made only on failure. */
  public static void equal(Object expected, Object actual, Supplier<String> message) {
    if (!Objects.equals(expected, actual)) equal(expected, actual, message.get());
  }

  /**
   * Runs {@code body} and returns what it threw, which must be a {@code type}.
   *
   * @throws CheckFailed when it throws nothing or something else
   */
  public static <T extends Throwable> T thrown(Class<T> type, Body body) {
    try {
      body.run();
    } catch (Throwable t) {
      if (type.isInstance(t)) return type.cast(t);
      throw new CheckFailed("expected " + type.getSimpleName() + " but " + t + " was thrown");
    }
    throw new CheckFailed("expected " + type.getSimpleName() + " but nothing was thrown");
  }

  /**
   * Runs {@code body} on a thread of its own and fails with {@code message} when it has not ended
   * within {@code limit} (the thread is then interrupted and left; a search that never ends is
   * the fault found). A failure of the body is rethrown as it was.
   */
  public static void within(Duration limit, Body body, String message) {
    ExecutorService one = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("check-deadline").unstarted(r));
    try {
      Future<?> f = one.submit(() -> {
        try {
          body.run();
        } catch (Exception | Error e) {
          throw e;
        } catch (Throwable t) {
          throw new IllegalStateException(t);
        }
        return null;
      });
      try {
        f.get(limit.toNanos(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        f.cancel(true);
        throw new CheckFailed(message + " ==> did not end within " + limit.toMillis() + " ms");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) throw r;
        if (e.getCause() instanceof Error err) throw err;
        throw new CheckFailed(message + " ==> " + e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CheckFailed(message + " ==> interrupted");
      }
    } finally {
      one.shutdownNow();
    }
  }
}
