package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReleasePoliciesTest {

  @Test
  void parsesEveryPolicyWithUnits() {
    assertEquals("greedy", ReleasePolicies.parse("greedy").spec());
    assertEquals("timer:t=500us", ReleasePolicies.parse("timer:t=0.5ms").spec());
    assertEquals("batch:k=8", ReleasePolicies.parse("batch:k=8").spec());
    assertEquals("eoq", ReleasePolicies.parse("eoq").spec());
    assertEquals("eoq:f0=900us", ReleasePolicies.parse("eoq:f0=0.9ms").spec());
    assertEquals("ski:f0=36us", ReleasePolicies.parse("ski:f0=0.036ms").spec());
    assertEquals("pgdelay:delay=100us,siblings=5", ReleasePolicies.parse("pgdelay:delay=100us,siblings=5").spec());
    assertEquals("pgdelay:delay=1ms,siblings=5", ReleasePolicies.parse("pgdelay:delay=1ms").spec());
    assertTrue(ReleasePolicies.parse("ewma").spec().startsWith("ewma:min=5ms,max=1s"));
  }

  @Test
  void eachRunGetsAFreshPolicy() {
    PolicyFactory f = ReleasePolicies.parse("ski");
    assertNotSame(f.create(), f.create());
  }

  @Test
  void badSpecsFailWithOneClearMessage() {
    assertEquals(
        "--release 'fancy': unknown release policy 'fancy' (known: greedy, timer, batch, eoq, ski, pgdelay, ewma)",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("fancy")).getMessage());
    assertEquals(
        "--release 'timer:t=5': parameter t: '5' needs a unit (ns, us, ms, s, min or h), e.g. 100us or 0.5ms",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("timer:t=5"))
            .getMessage());
    assertEquals(
        "--release 'timer': missing parameter 't' (a duration such as 100us or 1ms)",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("timer")).getMessage());
    assertEquals(
        "--release 'greedy:x=1': unknown parameter 'x' for greedy (it takes none)",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("greedy:x=1"))
            .getMessage());
    assertEquals(
        "--release 'batch:k=0': parameter k: 0 is out of range (allowed: an integer in [1, 1000000])",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("batch:k=0"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("pgdelay:delay=-1us"));
    assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("timer:t"));
    assertEquals("--commit 'ewma:min=2s': needs 0 < min <= max",
        assertThrows(IllegalArgumentException.class, () -> ReleasePolicies.parse("--commit", "ewma:min=2s")).getMessage());
  }
}
