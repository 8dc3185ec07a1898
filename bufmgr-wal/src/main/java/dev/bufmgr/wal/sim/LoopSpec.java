package dev.bufmgr.wal.sim;

/**
 * How commits arrive: a closed loop (N clients, each thinks, commits, waits for its
 * acknowledgement, thinks again) or an open loop (Poisson arrivals at a rate, possibly in
 * phases). Parsed by {@link Loops}.
 */
public sealed interface LoopSpec {

  /** The spec that recreates this loop. */
  String spec();

  /** A closed loop of {@code clients} clients with think time {@code think}. */
  record Closed(int clients, ThinkTime think) implements LoopSpec {
    /** @throws IllegalArgumentException when there is no client */
    public Closed {
      if (clients < 1) throw new IllegalArgumentException("closed loop needs clients >= 1");
    }

    @Override
    public String spec() {
      return "closed:clients=" + clients + "," + think.spec();
    }
  }

  /** An open loop with Poisson arrivals following {@code schedule}. */
  record Open(RateSchedule schedule) implements LoopSpec {
    @Override
    public String spec() {
      return "open:" + schedule.spec();
    }
  }

  /**
   * Parses a loop spec ({@link Loops}).
   *
   * @throws IllegalArgumentException naming the spec on any error
   */
  static LoopSpec parse(String text) {
    return Loops.parse(text);
  }
}
