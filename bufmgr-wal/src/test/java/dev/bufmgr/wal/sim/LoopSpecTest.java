package dev.bufmgr.wal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bufmgr.core.params.Durations;
import org.junit.jupiter.api.Test;

class LoopSpecTest {

  @Test
  void parsesClosedAndOpenLoops() {
    assertEquals("closed:clients=8,think=1ms,dist=exp", LoopSpec.parse("closed:clients=8,think=1ms").spec());
    assertEquals("closed:clients=2,think=500us,dist=const", LoopSpec.parse("closed:clients=2,think=0.5ms,dist=const").spec());
    assertEquals("open:rate=2000", LoopSpec.parse("open:rate=2000").spec());
    LoopSpec.Open o = (LoopSpec.Open) LoopSpec.parse("open:phases=500@200ms/5000@100ms");
    assertEquals("open:phases=500@200ms/5000@100ms", o.spec());
    assertEquals(2000.0, o.schedule().meanRate(), 1e-9);
    assertEquals(0, o.schedule().phaseAt(199_999_999L));
    assertEquals(1, o.schedule().phaseAt(200_000_000L));
    assertEquals(0, o.schedule().phaseAt(300_000_000L));
    assertEquals(500_000_000L, o.schedule().phaseEnd(300_000_000L));
  }

  @Test
  void badLoopsFailClearly() {
    assertEquals("--loop 'spiral:n=1': unknown loop 'spiral' (known: closed, open)",
        assertThrows(IllegalArgumentException.class, () -> LoopSpec.parse("spiral:n=1")).getMessage());
    assertEquals("--loop 'open:phases=500/20': phase '500' is not RATE@DURATION (e.g. 500@200ms)",
        assertThrows(IllegalArgumentException.class, () -> LoopSpec.parse("open:phases=500/20")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> LoopSpec.parse("closed:clients=0"));
    assertThrows(IllegalArgumentException.class, () -> LoopSpec.parse("closed:clients=4,dist=pareto"));
    assertThrows(IllegalArgumentException.class, () -> LoopSpec.parse("open:rate=-3"));
  }

  @Test
  void phasedArrivalsFollowTheirRates() {
    RateSchedule s = RateSchedule.parsePhases("1000@1s/10000@1s", "t");
    long[] a = OpenArrivals.first(s, 9, 50_000);
    int inSlow = 0;
    int inFast = 0;
    for (long t : a) {
      if (t < 1_000_000_000L) inSlow++;
      else if (t < 2_000_000_000L) inFast++;
    }
    assertEquals(1000, inSlow, 100);
    assertEquals(10000, inFast, 400);
  }

  @Test
  void durationsNeedAUnit() {
    assertEquals(100_000, Durations.parseNanos("100us", "x"));
    assertEquals(500_000, Durations.parseNanos("0.5ms", "x"));
    assertEquals(2_000_000_000L, Durations.parseNanos("2s", "x"));
    assertEquals("x: '12' needs a unit (ns, us, ms, s, min or h), e.g. 100us or 0.5ms",
        assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("12", "x")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("fastms", "x"));
  }
}
