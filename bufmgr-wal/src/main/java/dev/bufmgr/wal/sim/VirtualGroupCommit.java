package dev.bufmgr.wal.sim;

import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.device.SimDevice;
import dev.bufmgr.wal.Backlog;
import dev.bufmgr.wal.CommitQueue;
import dev.bufmgr.wal.ReleasePolicy;

/**
 * Group commit in virtual time, shared by the simulations: requests for durability (commits, and
 * the write-ahead waits of page writers) queue up; the release policy decides when the log is
 * flushed; a flush takes every pending request and occupies the shared {@link SimDevice} for its
 * service time; at most one flush is in flight.
 *
 * <p>The driver calls {@link #arrive} for each request, {@link #decide} whenever nothing is in
 * flight and something is pending (after every event at one instant has been applied), and when
 * the flush's completion time comes it serves the batch ({@link #inFlight}, {@link
 * #inFlightWaiter}, {@link #inFlightArrival}) and then calls {@link #completeFlush}.
 */
public final class VirtualGroupCommit {
  /** How many bytes a flush of the pending requests writes. */
  @FunctionalInterface
  public interface FlushSize {
    long bytes(int requests);
  }

  private final ReleasePolicy policy;
  private final SimDevice device;
  private final CommitQueue queue;
  private final Backlog backlog = new Backlog();
  private long flushDoneAt = Long.MAX_VALUE;
  private long wakeAt = Long.MAX_VALUE;
  private long flushStart;
  private long flushBytes;

  public VirtualGroupCommit(ReleasePolicy policy, SimDevice device, int capacity) {
    this.policy = policy;
    this.device = device;
    this.queue = new CommitQueue(capacity);
  }

  /** The policy's view, for the driver to keep its open-transaction count current. */
  public Backlog backlog() {
    return backlog;
  }

  /** A request for durability by {@code waiter} arrived at {@code now}. */
  public void arrive(long now, int waiter) {
    queue.add(now, waiter);
    backlog.add(now);
    policy.onArrival(now, backlog);
  }

  /** Requests not yet taken into a flush. */
  public int pending() {
    return queue.pending();
  }

  /** Whether a flush is in flight. */
  public boolean flushing() {
    return flushDoneAt != Long.MAX_VALUE;
  }

  /** When the flush in flight completes, or {@link Long#MAX_VALUE}. */
  public long flushDoneAt() {
    return flushDoneAt;
  }

  /** When the policy asked to be asked again, or {@link Long#MAX_VALUE}. */
  public long wakeAt() {
    return wakeAt;
  }

  /** The policy's wake-up time came. */
  public void wokeUp() {
    wakeAt = Long.MAX_VALUE;
  }

  /**
   * Asks the policy whether to flush now; when it says so, every pending request goes into a
   * flush of {@code size.bytes(pending)} bytes queued on the device. Call only while no flush is
   * in flight and something is pending.
   *
   * @return whether a flush started
   */
  public boolean decide(long now, FlushSize size) {
    long at = policy.releaseAt(now, backlog);
    if (at > now) {
      wakeAt = at;
      return false;
    }
    wakeAt = Long.MAX_VALUE;
    int n = queue.takeBatch();
    backlog.clear();
    flushStart = now;
    flushBytes = size.bytes(n);
    flushDoneAt = device.submit(now, flushBytes, IoKind.LOG);
    return true;
  }

  /** When the flush in flight started. */
  public long flushStart() {
    return flushStart;
  }

  /** Bytes of the flush in flight. */
  public long flushBytes() {
    return flushBytes;
  }

  /** Requests in the flush in flight. */
  public int inFlight() {
    return queue.inFlight();
  }

  /** The waiter of the {@code k}-th request of the flush in flight. */
  public int inFlightWaiter(int k) {
    return queue.inFlightClient(k);
  }

  /** The arrival time of the {@code k}-th request of the flush in flight. */
  public long inFlightArrival(int k) {
    return queue.inFlightArrival(k);
  }

  /** Ends the flush in flight at {@code now}, after the driver served its batch. */
  public void completeFlush(long now) {
    int n = queue.inFlight();
    queue.completeBatch();
    flushDoneAt = Long.MAX_VALUE;
    backlog.deviceFreeAt(now);
    policy.onFlushComplete(flushStart, now, n, flushBytes);
  }
}
