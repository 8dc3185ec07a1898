package dev.bufmgr.pipeline;

import dev.bufmgr.wal.device.Device;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.Agent;

/**
 * The {@link Checkpointer} on a real thread: each duty cycle hands it the requests that arrived,
 * the log's durable end and the timer, steps it when it is due, and makes the I/O it asks for
 * on this thread (each page write through {@link BlockingWrite}, the data file's force on the
 * device) until it sleeps or completes. Clients request a checkpoint and wait for it with
 * {@link #requestAndWait}. When the run stops it stops stepping, abandoning a checkpoint in
 * progress; an exception leaves {@link #doWork} for the runner's error handler, which fails the run.
 */
final class CheckpointerAgent implements Agent {
  private final Checkpointer checkpointer;
  private final BlockingWrite write;
  private final Device device;
  private final BooleanSupplier stopped;
  private long submitted;
  private long handedOver;
  private long served;

  /**
   * @param write the blocking write of the checkpointer's writer
   * @param device the device whose data file a checkpoint forces and whose log it lets go of
   * @param stopped whether the run stops
   */
  CheckpointerAgent(Checkpointer checkpointer, BlockingWrite write, Device device, BooleanSupplier stopped) {
    this.checkpointer = checkpointer;
    this.write = write;
    this.device = device;
    this.stopped = stopped;
  }

  /** Requests a checkpoint ({@code CHECKPOINT}) and waits until one that started after the request completed, or the run stops. */
  synchronized void requestAndWait() throws InterruptedException {
    long mine = ++submitted;
    while (served < mine && !stopped.getAsBoolean()) wait(100);
  }

  @Override
  public int doWork() throws IOException {
    if (stopped.getAsBoolean()) return 0;
    long now = System.nanoTime();
    long s;
    synchronized (this) {
      s = submitted;
    }
    for (; handedOver < s; handedOver++) checkpointer.request();
    checkpointer.logFlushed();
    if (now >= checkpointer.timedAt()) checkpointer.timerFired();
    if (!checkpointer.startDue() && now < checkpointer.wakeAt()) return 0;
    int action = checkpointer.step(now);
    while (true) {
      switch (action) {
        case Checkpointer.WRITE -> {
          if (stopped.getAsBoolean()) {
            write.abandon();
            return 1;
          }
          write.write();
        }
        case Checkpointer.SYNC -> sync();
        case Checkpointer.COMPLETED -> {
          synchronized (this) {
            served = checkpointer.requestsServed();
            notifyAll();
          }
          return 1;
        }
        default -> {
          return 1;
        }
      }
      action = checkpointer.step(System.nanoTime());
    }
  }

  private void sync() {
    try {
      device.syncData();
      device.logCheckpointed(checkpointer.redo());
    } catch (IOException e) {
      throw new UncheckedIOException("device " + device.spec() + ": cannot force the data file or move the log's start", e);
    }
  }

  @Override
  public String roleName() {
    return "checkpointer";
  }
}
