package dev.bufmgr.core.evict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.testing.SecondChanceFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SelectorSpecTest {

  @Test
  void parsesANameWithParametersInOrder() {
    SelectorSpec s = SelectorSpec.parse(" gclock:maxUsage=3, batch=16 ");
    assertEquals("gclock", s.name());
    assertEquals(List.of("maxUsage", "batch"), List.copyOf(s.parameters().keySet()));
    assertEquals("3", s.parameters().get("maxUsage"));
    assertEquals("gclock:maxUsage=3,batch=16", s.toString());
    assertEquals(Map.of(), SelectorSpec.parse("lru").parameters());
  }

  @Test
  void refusesMalformedSpecsWithTheTextInTheMessage() {
    for (String bad : new String[] {"", ":a=1", "gclock:", "gclock:maxUsage", "gclock:=3", "gclock:a=1,a=2"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SelectorSpec.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("policy"), e.getMessage());
    }
  }

  @Test
  void theRegistryFillsDefaultsAndNamesEveryParameter() {
    SelectorRegistry r = SecondChanceFactory.registry();
    assertEquals(List.of("second-chance"), r.names());
    SelectorParameters p = r.validate(SelectorSpec.parse("second-chance"));
    assertEquals(1, p.intValue("batch"));
    assertEquals("second-chance:batch=1,fault=none", p.canonicalName());
    assertEquals("second-chance:batch=8,fault=none", r.validate(SelectorSpec.parse("second-chance:batch=8")).canonicalName());
  }

  @Test
  void theRegistryRefusesUnknownNamesParametersAndBadValues() {
    SelectorRegistry r = SecondChanceFactory.registry();
    assertEquals(
        "unknown policy 'lfu' (registered selectors: second-chance)",
        assertThrows(IllegalArgumentException.class, () -> r.validate(SelectorSpec.parse("lfu"))).getMessage());
    assertEquals(
        "policy second-chance: unknown parameter 'size' (known: batch, fault)",
        assertThrows(IllegalArgumentException.class, () -> r.validate(SelectorSpec.parse("second-chance:size=2")))
            .getMessage());
    assertEquals(
        "policy second-chance: parameter batch must be an integer in [1, 1024], got '0'",
        assertThrows(IllegalArgumentException.class, () -> r.validate(SelectorSpec.parse("second-chance:batch=0")))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> r.validate(SelectorSpec.parse("second-chance:batch=x")));
  }

  @Test
  void parameterKindsValidateTheirValues() {
    ParameterSpec d = ParameterSpec.decimal("small", 0.1, 0, 1, "");
    assertEquals(0.25, d.parse("s3fifo", "0.25"));
    assertThrows(IllegalArgumentException.class, () -> d.parse("s3fifo", "1.5"));
    assertThrows(IllegalArgumentException.class, () -> d.parse("s3fifo", "NaN"));
    ParameterSpec c = ParameterSpec.choice("promote", "second", List.of("second", "repeat"), "");
    assertEquals("repeat", c.parse("hotcool", "REPEAT"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.parse("hotcool", "third"));
    assertEquals("policy hotcool: parameter promote must be one of second, repeat, got 'third'", e.getMessage());
  }
}
