package dev.bufmgr.wal.sim;

import dev.bufmgr.core.spec.Spec;

/**
 * How commits arrive: a closed loop (N clients, each thinks, commits, waits for its
 * acknowledgement, thinks again) or an open loop (Poisson arrivals at a rate, possibly in
 * phases). Parsed from {@code closed:clients=N,think=1ms[,dist=exp|const|uniform]}, {@code
 * open:rate=R} or {@code open:phases=R@D/R@D...}.
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
   * Parses a loop spec.
   *
   * @throws IllegalArgumentException naming the spec on any error
   */
  static LoopSpec parse(String text) {
    String t = text.trim();
    if (t.startsWith("open:phases=")) {
      String phases = t.substring("open:phases=".length());
      return new Open(RateSchedule.parsePhases(phases, "--loop '" + text + "'"));
    }
    Spec s = Spec.parse("--loop", t);
    LoopSpec loop =
        switch (s.name()) {
          case "closed" -> {
            int clients = (int) s.integer("clients", null, 1, 100_000);
            long think = s.nanos("think", 1_000_000L);
            ThinkTime.Distribution d =
                ThinkTime.Distribution.parse(s.string("dist", "exp"), "--loop '" + text + "'");
            yield new Closed(clients, new ThinkTime(think, d));
          }
          case "open" -> {
            double rate = s.real("rate", null, Double.MIN_VALUE, 1e12);
            yield new Open(RateSchedule.constant(rate));
          }
          default ->
              throw new IllegalArgumentException(
                  "--loop '" + text + "': unknown loop '" + s.name() + "' (known: closed, open)");
        };
    s.requireOnly();
    return loop;
  }
}
