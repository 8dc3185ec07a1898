package dev.bufmgr.core.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A flag's settings read as one component's parameters; a path given instead is refused, not taken for defaults. */
class SpecSettingsTest {

  @Test
  void settingsAreTheParametersOfTheNamedComponent() {
    assertEquals(new Spec("checkpoint", Map.of("timeout", "30s")), Spec.settings("--checkpoint", "checkpoint", " timeout=30s "));
    assertEquals(new Spec("cache", Map.of()), Spec.settings("--page-cache", "cache", ""));
  }

  @Test
  void aPathOrADottedWordIsRefusedInOneLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Spec.settings("--page-cache", "cache", "/etc/passwd"));
    assertEquals("--page-cache '/etc/passwd': expected settings written key=value,..., not a name or a path", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Spec.settings("--bgwriter", "bgwriter", "defaults.conf"));
  }
}
