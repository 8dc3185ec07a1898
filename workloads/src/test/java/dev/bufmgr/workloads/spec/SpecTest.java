package dev.bufmgr.workloads.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecTest {

  @Test
  void colonAndParenthesisFormsAgree() {
    Spec a = Spec.parse("zipf:pages=10,theta=0.5");
    Spec b = Spec.parse("zipf(pages=10;theta=0.5)");
    assertEquals("zipf", a.name());
    assertEquals(Map.of("pages", "10", "theta", "0.5"), a.params());
    assertEquals(a, b);
    assertEquals("zipf:pages=10,theta=0.5", a.toString());
  }

  @Test
  void nestedSpecsKeepTheirCommas() {
    Spec s = Spec.parse("mix:requests=5,streams=1*zipf(pages=3,theta=0.5)+2*scan(pages=4)");
    assertEquals("1*zipf(pages=3,theta=0.5)+2*scan(pages=4)", s.params().get("streams"));
    assertEquals("5", s.params().get("requests"));
  }

  @Test
  void malformedSpecsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Spec.parse(":pages=3"));
    assertThrows(IllegalArgumentException.class, () -> Spec.parse("zipf:pages"));
    assertThrows(IllegalArgumentException.class, () -> Spec.parse("zipf:pages=1,pages=2"));
    assertThrows(IllegalArgumentException.class, () -> Spec.parse("zipf(pages=1"));
    assertThrows(IllegalArgumentException.class, () -> Spec.parse("mix:streams=zipf(pages=1"));
  }

  @Test
  void paramsAreTypedBoundedAndCheckedForTypos() {
    SpecParams p = new SpecParams(Spec.parse("x:n=1e3,d=0.5,typo=1"));
    assertEquals(1000, p.getLong("n", 0, 1, 10_000));
    assertEquals(0.5, p.getDouble("d", 0, 0, 1));
    assertEquals(7, p.getLong("absent", 7, 0, 10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, p::finish);
    assertTrue(e.getMessage().contains("unknown parameter 'typo'") && e.getMessage().contains("n, d, absent"), e.getMessage());
    assertEquals("x:n=1000,d=0.5,absent=7", p.canonical());
    SpecParams q = new SpecParams(Spec.parse("x:n=11"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> q.getLong("n", 0, 1, 10)).getMessage().contains("n=11"));
  }
}
