package dev.bufmgr.core.evict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.testing.SecondChanceFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The selectors' registry: found by name, defaults filled in, refusals in the one form. */
class SelectorRegistryTest {

  @Test
  void findsASelectorByNameAndFillsDefaults() {
    SelectorRegistry r = SecondChanceFactory.registry();
    assertEquals(List.of("second-chance"), r.names());
    assertEquals("second-chance", r.components().find("second-chance").name());
    assertEquals(1, r.validate(Spec.parse("second-chance")).intValue("batch"));
    assertEquals("second-chance:batch=1,fault=none", r.validate(Spec.parse("second-chance")).canonicalName());
    assertEquals("second-chance:batch=8,fault=none", r.validate(Spec.parse("second-chance:batch=8")).canonicalName());
  }

  @Test
  void refusesUnknownNamesParametersAndBadValues() {
    SelectorRegistry r = SecondChanceFactory.registry();
    assertEquals("selector 'lfu': unknown selector 'lfu' (known: second-chance)",
        assertThrows(IllegalArgumentException.class, () -> r.validate(Spec.parse("lfu"))).getMessage());
    assertEquals("selector 'second-chance:size=2': unknown parameter 'size' for second-chance (known: batch, fault)",
        assertThrows(IllegalArgumentException.class, () -> r.validate(Spec.parse("second-chance:size=2"))).getMessage());
    assertEquals(
        "selector 'second-chance:batch=0': parameter batch: 0 is out of range (allowed: an integer in [1, 1024])",
        assertThrows(IllegalArgumentException.class, () -> r.validate(Spec.parse("second-chance:batch=0"))).getMessage());
    assertThrows(IllegalArgumentException.class, () -> r.validate(Spec.parse("second-chance:batch=x")));
  }
}
