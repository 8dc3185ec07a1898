package dev.bufmgr.pipeline;

import java.util.function.BooleanSupplier;
import org.agrona.concurrent.Agent;

/**
 * The {@link BackgroundWriter} on a real thread: each duty cycle steps it once its wake-up time
 * has come and makes the writes it asks for on this thread ({@link BlockingWrite}) until it
 * sleeps. When the run stops it stops stepping; an exception leaves {@link #doWork} for the
 * runner's error handler, which fails the run.
 */
final class BackgroundWriterAgent implements Agent {
  private final BackgroundWriter bgwriter;
  private final BlockingWrite write;
  private final BooleanSupplier stopped;

  BackgroundWriterAgent(BackgroundWriter bgwriter, BlockingWrite write, BooleanSupplier stopped) {
    this.bgwriter = bgwriter;
    this.write = write;
    this.stopped = stopped;
  }

  @Override
  public int doWork() {
    long now = System.nanoTime();
    if (stopped.getAsBoolean() || now < bgwriter.wakeAt()) return 0;
    int action = bgwriter.step(now);
    while (action == BackgroundWriter.WRITE) {
      if (stopped.getAsBoolean()) {
        write.abandon();
        return 1;
      }
      write.write();
      action = bgwriter.step(System.nanoTime());
    }
    return 1;
  }

  @Override
  public String roleName() {
    return "bgwriter";
  }
}
