package dev.bufmgr.app.commit;

import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.GroupCommitter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A closed loop in real time: N client threads, each thinking (sleeping a drawn think time),
 * committing through a {@link GroupCommitter} and waiting for the acknowledgement, over and
 * over. Commit ids are unique and increasing from a first id. After each acknowledgement the
 * optional {@code onAck} callback gets the id and its record's LSN (the ack log of {@code
 * wal-load}).
 */
public final class RealTimeClients {
  /** What is told of each acknowledged commit. */
  @FunctionalInterface
  public interface OnAck {
    /** Commit {@code id}, whose record ends at {@code lsn}, was acknowledged. */
    void acknowledged(long id, long lsn);
  }

  private final GroupCommitter committer;
  private final int clients;
  private final ThinkTime think;
  private final int recordBytes;
  private final AtomicLong nextId;
  private final OnAck onAck;
  private final long seed;
  private final AtomicLong acknowledged = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean stop;
  private volatile Throwable failure;

  /**
   * @param recordBytes commit record size in bytes (PostgreSQL's record length; at least the header and the id)
   * @param firstId the first commit id to hand out
   * @param onAck called with each acknowledged commit, or {@code null}
   */
  public RealTimeClients(
      GroupCommitter committer, int clients, ThinkTime think, int recordBytes, long firstId,
      OnAck onAck, long seed) {
    this.committer = committer;
    this.clients = clients;
    this.think = think;
    this.recordBytes = recordBytes;
    this.nextId = new AtomicLong(firstId);
    this.onAck = onAck;
    this.seed = seed;
  }

  /** Starts the client threads. */
  public void start() {
    SplittableRandom root = new SplittableRandom(seed);
    for (int i = 0; i < clients; i++) {
      int client = i;
      SplittableRandom rng = root.split();
      Thread t = Thread.ofPlatform().name("commit-client-" + i).daemon().unstarted(() -> loop(client, rng));
      threads.add(t);
      t.start();
    }
  }

  private void loop(int client, SplittableRandom rng) {
    try {
      while (!stop) {
        long z = think.sample(rng);
        if (z > 0) LockSupport.parkNanos(z);
        long id = nextId.getAndIncrement();
        long lsn = committer.commit(client, id, recordBytes);
        acknowledged.incrementAndGet();
        if (onAck != null) onAck.acknowledged(id, lsn);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      if (!stop) failure = e;
    }
  }

  /** Commits acknowledged so far. */
  public long acknowledged() {
    return acknowledged.get();
  }

  /** Asks every client to stop after its current commit and waits for them. */
  public void stopAndJoin() throws InterruptedException {
    stop = true;
    for (Thread t : threads) t.join(10_000);
    if (failure != null) throw new IllegalStateException("a commit client failed: " + failure, failure);
  }
}
