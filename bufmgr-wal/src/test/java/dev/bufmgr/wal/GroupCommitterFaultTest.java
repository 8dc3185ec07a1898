package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.IoKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Anything thrown while flushing fails every waiting and every later commit with its cause, in
 * both flush modes: a RuntimeException from the log's write to the device, a RuntimeException
 * from the release policy, an Error, and an I/O error. No committer hangs: each case is bounded
 * by a timeout that fails the test.
 */
class GroupCommitterFaultTest {
  private static final int CLIENTS = 4;

  /** Where the fault comes from. */
  enum Fault {
    LOG_RUNTIME, POLICY_RUNTIME, LOG_ERROR, LOG_IO
  }

  /** A device that throws the planted fault on the {@code failAt}-th log write, and succeeds before. */
  private static final class FaultyDevice implements Device {
    private final Fault fault;
    private final int failAt;
    private final AtomicInteger writes = new AtomicInteger();

    FaultyDevice(Fault fault, int failAt) {
      this.fault = fault;
      this.failAt = failAt;
    }

    @Override
    public void writeLog(long position, ByteBuffer data) throws IOException {
      if (writes.incrementAndGet() < failAt) return;
      switch (fault) {
        case LOG_RUNTIME -> throw new IllegalArgumentException("planted: the log's write broke");
        case LOG_ERROR -> throw new AssertionError("planted: an error in the log's write");
        case LOG_IO -> throw new IOException("planted: EIO");
        case POLICY_RUNTIME -> { }
      }
    }

    @Override
    public void writePage(long page, ByteBuffer data) {}

    @Override
    public String spec() {
      return "faulty";
    }

    @Override
    public long busyNanos() {
      return 0;
    }

    @Override
    public long busyNanos(IoKind kind) {
      return 0;
    }
  }

  /** Greedy until its {@code failAt}-th question, then it throws. */
  private static final class FaultyPolicy implements ReleasePolicy {
    private final ReleasePolicy greedy = new GreedyPolicy();
    private final int failAt;
    private int asked;

    FaultyPolicy(int failAt) {
      this.failAt = failAt;
    }

    @Override
    public String name() {
      return "faulty-greedy";
    }

    @Override
    public long releaseAt(long now, Backlog backlog) {
      if (++asked >= failAt) throw new IllegalStateException("planted: the policy broke");
      return greedy.releaseAt(now, backlog);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Fault.class)
  void aFaultFailsEveryWaitingAndLaterCommitWithItsCause(Fault fault) throws Exception {
    for (FlushMode mode : FlushMode.values()) check(fault, mode);
  }

  private static void check(Fault fault, FlushMode mode) {
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      FaultyDevice device = new FaultyDevice(fault, 3);
      ReleasePolicy policy = fault == Fault.POLICY_RUNTIME ? new FaultyPolicy(5) : new GreedyPolicy();
      WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
      GroupCommitter committer = new GroupCommitter(policy, log, device, false, CLIENTS, mode).start();
      ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
      try {
        List<Future<Integer>> done = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
          int client = c;
          done.add(clients.submit(() -> {
            int acknowledged = 0;
            for (int i = 0; i < 1_000_000; i++) {
              committer.commit(client, client * 1_000_000L + i, 8);
              acknowledged++;
            }
            return acknowledged;
          }));
        }
        for (Future<Integer> f : done) {
          ExecutionException e = assertThrows(ExecutionException.class, f::get, fault + " " + mode + ": a client kept committing");
          assertCause(fault, e.getCause());
        }
        RuntimeException later = assertThrows(RuntimeException.class, () -> committer.commit(0, -1, 8), "a later commit");
        assertCause(fault, later);
      } finally {
        clients.shutdownNow();
        committer.close();
      }
    }, fault + " " + mode + ": a committer hung");
  }

  private static void assertCause(Fault fault, Throwable thrown) {
    switch (fault) {
      case LOG_IO -> {
        assertInstanceOf(java.io.UncheckedIOException.class, thrown);
        assertEquals("planted: EIO", thrown.getCause().getMessage());
      }
      case LOG_RUNTIME -> assertPlanted(thrown, IllegalArgumentException.class, "planted: the log's write broke");
      case LOG_ERROR -> assertPlanted(thrown, AssertionError.class, "planted: an error in the log's write");
      case POLICY_RUNTIME -> assertPlanted(thrown, IllegalStateException.class, "planted: the policy broke");
    }
  }

  private static void assertPlanted(Throwable thrown, Class<? extends Throwable> cause, String message) {
    assertInstanceOf(ThreadFailure.class, thrown);
    assertTrue(thrown.getMessage().matches("thread (wal-flusher|of a committer leading a log flush \\(pool-\\d+-thread-\\d+\\)) failed: .*"),
        thrown.getMessage());
    assertInstanceOf(cause, thrown.getCause());
    assertSame(cause, thrown.getCause().getClass());
    assertEquals(message, thrown.getCause().getMessage());
  }
}
