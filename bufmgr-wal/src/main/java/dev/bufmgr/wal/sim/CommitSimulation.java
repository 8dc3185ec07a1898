package dev.bufmgr.wal.sim;

import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.device.SimDevice;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.CapacityException;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.Backlog;
import dev.bufmgr.wal.BatchPolicy;
import dev.bufmgr.wal.CommitMetrics;
import dev.bufmgr.wal.CommitQueue;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.ReleasePolicy;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The discrete-event simulation of group commit in virtual time (nanoseconds): client arrivals
 * (closed or open loop), the release policy's decisions, log flushes and background page writes
 * on one FIFO {@link SimDevice}. Deterministic for a given configuration and seed. At most one
 * log flush is in flight; a flush takes every pending commit and acknowledges them all when the
 * device completes it.
 *
 * <p>Events at equal times are all applied (flush completion, background burst, policy wake-up,
 * arrivals, in that order) before the policy is asked, so simultaneous arrivals can share a
 * flush.
 *
 * <p>Open transactions (for {@code commit_siblings}): in a closed loop every client is always
 * inside a transaction (its think time is the transaction's work), so all N count; in an open
 * loop, the commits arrived and not yet acknowledged.
 */
public final class CommitSimulation {
  private final SimulationConfig config;
  private final ReleasePolicy policy;
  private final SimDevice device;
  private final SplittableRandom thinkRng;
  private final OpenArrivals open;
  private final ThinkTime think;
  private final EventHeap clients;
  private final VirtualGroupCommit commit;
  private final Backlog backlog;
  private final CommitMetrics metrics = new CommitMetrics();
  private final boolean ackOnInsert;

  private long now;
  private long nextOpenArrival = Long.MAX_VALUE;
  private long nextBurst = Long.MAX_VALUE;
  private long acknowledged;
  private int unacknowledged;
  private boolean measuring;
  private long windowStart;
  private long busyAtWindowStart;

  private CommitSimulation(SimulationConfig config) {
    this.config = config;
    this.policy = config.policy().create();
    SplittableRandom root = new SplittableRandom(config.seed());
    this.device = new SimDevice(config.device(), root.nextLong());
    this.thinkRng = root.split();
    long arrivalSeed = arrivalSeed(config.seed());
    this.ackOnInsert = config.asyncCommit() || !policy.durable();
    if (config.loop() instanceof LoopSpec.Closed c) {
      if (policy instanceof BatchPolicy b && b.batch() > c.clients() && !ackOnInsert) {
        throw new IllegalArgumentException(
            "policy " + policy.name() + " can never release with " + c.clients()
                + " closed-loop clients (fewer than k)");
      }
      if (ackOnInsert && c.think().meanNanos() == 0) {
        throw new IllegalArgumentException(
            "impossible configuration: commits acknowledged at insertion (" + policy.name()
                + (config.asyncCommit() ? ", asynchronous commit" : "")
                + ") with zero think time never let virtual time advance; give the clients a think time");
      }
      this.think = c.think();
      this.open = null;
      this.clients = new EventHeap(c.clients());
      this.commit = new VirtualGroupCommit(policy, device, c.clients());
    } else {
      LoopSpec.Open o = (LoopSpec.Open) config.loop();
      requireTrackable(o, config.device().latency().medianNanos());
      this.think = null;
      this.open = new OpenArrivals(o.schedule(), arrivalSeed);
      this.clients = null;
      this.commit = new VirtualGroupCommit(policy, device, 1024);
    }
    this.backlog = commit.backlog();
  }

  /**
   * Refuses an open loop whose arrivals during one flush of median length would not fit in the
   * heap: every waiting commit is tracked until its flush completes.
   */
  private static void requireTrackable(LoopSpec.Open loop, double flushNanos) {
    double perFlush = loop.schedule().maxRate() * Math.max(flushNanos, 1) / 1e9;
    long fit = Capacity.fitInHeap(CommitQueue.BYTES_PER_COMMIT) / 2;
    if (perFlush > fit) {
      throw new CapacityException(String.format(Locale.ROOT,
          "%s: about %.3g commits arrive during one flush of %s (the device's median), more than the %,d this heap can track at once",
          loop.spec(), perFlush, Durations.format(flushNanos), fit));
    }
  }

  /**
   * The seed of the open-loop arrival stream of a run with seed {@code seed}: {@code new
   * OpenArrivals(schedule, arrivalSeed(seed))} yields exactly the arrival times that run saw, so
   * an offline optimum can be computed on them.
   */
  public static long arrivalSeed(long seed) {
    return new SplittableRandom(seed ^ 0x5DEECE66DL).nextLong();
  }

  /**
   * Runs one simulation.
   *
   * @throws IllegalArgumentException when the policy can never release the pending commits
   */
  public static CommitResult run(SimulationConfig config) {
    return new CommitSimulation(config).execute();
  }

  private CommitResult execute() {
    long wall0 = System.nanoTime();
    long warmupCommits = (long) Math.ceil(config.commits() * config.warmupFraction() / (1 - config.warmupFraction()));
    long warmupEnd = (long) (config.durationNanos() * config.warmupFraction());
    boolean byTime = config.durationNanos() > 0;
    if (byTime ? warmupEnd == 0 : warmupCommits == 0) startWindow();

    if (config.loop() instanceof LoopSpec.Closed c) {
      for (int i = 0; i < c.clients(); i++) clients.push(think.sample(thinkRng), i);
      backlog.openTransactions(c.clients());
    } else {
      nextOpenArrival = open.next();
    }
    if (config.background() != null) nextBurst = config.background().everyNanos();

    while (true) {
      long next = nextEvent();
      if (next == Long.MAX_VALUE) {
        throw new IllegalArgumentException(
            "policy " + policy.name() + " never releases " + commit.pending()
                + " pending commits: no further arrival can come");
      }
      if (byTime && next > config.durationNanos()) {
        now = config.durationNanos();
        break;
      }
      now = next;
      if (!measuring && (byTime ? now >= warmupEnd : acknowledged >= warmupCommits)) startWindow();
      if (next == commit.flushDoneAt()) {
        completeFlush();
        if (!byTime && measuring && metrics.commits() >= config.commits()) break;
      } else if (next == nextBurst) {
        for (int i = 0; i < config.background().pages(); i++) device.submit(now, config.background().bytes(), IoKind.PAGE);
        nextBurst += config.background().everyNanos();
      } else if (next == commit.wakeAt()) {
        commit.wokeUp();
      } else {
        arrive();
        if (!byTime && measuring && metrics.commits() >= config.commits()) break;
      }
      if (!commit.flushing() && commit.pending() > 0 && nextEvent() > now) {
        commit.decide(now, n -> (long) n * config.recordBytes());
      }
    }
    long elapsed = now - windowStart;
    double utilization = elapsed == 0 ? Double.NaN : (double) (device.busyNanos() - busyAtWindowStart) / elapsed;
    return CommitResult.of(
        policy.name(), config.loop().spec(), device.model().spec(), "sim", null, config.seed(), metrics,
        elapsed, Math.min(1.0, utilization), !ackOnInsert, System.nanoTime() - wall0);
  }

  private long nextEvent() {
    long arrival = clients != null ? clients.peekTime() : nextOpenArrival;
    return Math.min(Math.min(commit.flushDoneAt(), nextBurst), Math.min(commit.wakeAt(), arrival));
  }

  private void startWindow() {
    measuring = true;
    metrics.reset();
    windowStart = now;
    busyAtWindowStart = device.busyNanos();
  }

  private void arrive() {
    int client;
    if (clients != null) {
      client = clients.peekClient();
      clients.pop();
    } else {
      client = 0;
      nextOpenArrival = open.next();
      backlog.openTransactions(++unacknowledged);
    }
    commit.arrive(now, client);
    if (ackOnInsert) acknowledge(client, 0);
  }

  private void completeFlush() {
    int n = commit.inFlight();
    long flushStart = commit.flushStart();
    for (int k = 0; k < n; k++) {
      long arrival = commit.inFlightArrival(k);
      if (measuring) metrics.waited(flushStart - arrival);
      if (!ackOnInsert) acknowledge(commit.inFlightWaiter(k), now - arrival);
    }
    if (measuring) metrics.flush(n);
    commit.completeFlush(now);
  }

  private void acknowledge(int client, long latency) {
    acknowledged++;
    if (measuring) metrics.commit(latency);
    if (clients != null) {
      clients.push(now + think.sample(thinkRng), client);
    } else {
      backlog.openTransactions(--unacknowledged);
    }
  }
}
