package dev.bufmgr.replay;

import dev.bufmgr.replay.catalog.PolicyCatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyCatalogTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);

  private static String refusal(String text) {
    return assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve(text)).getMessage();
  }

  @Test
  void baselineParametersAreValidatedLikeSelectorParameters() {
    assertEquals("policy 'opt:bypass=maybe': parameter bypass: 'maybe' is not one of true, false", refusal("opt:bypass=maybe"));
    assertEquals("policy 'opt:bypas=false': unknown parameter 'bypas' for opt (known: bypass)", refusal("opt:bypas=false"));
    assertEquals("policy 'lru:size=3': unknown parameter 'size' for lru (it takes none)", refusal("lru:size=3"));
    assertEquals("policy 'caffeine:bypass=false': unknown parameter 'bypass' for caffeine (known: runs)",
        refusal("caffeine:bypass=false"));
    assertEquals("policy 'caffeine:runs=0': parameter runs: 0 is out of range (allowed: an integer in [1, 100])",
        refusal("caffeine:runs=0"));
    // the same wording as a selector's
    assertTrue(refusal("gclock:maxUsag=3").startsWith("policy 'gclock:maxUsag=3': unknown parameter 'maxUsag' for gclock (known: "));
    assertTrue(refusal("nosuch").startsWith("policy 'nosuch': unknown policy 'nosuch' (known: "), refusal("nosuch"));
    assertTrue(refusal("opt:bypass").contains("parameter 'bypass' must be written key=value"));
    for (String bad : List.of("opt:bypass=maybe", "opt:bypas=false", "lru:size=3")) assertEquals(1, refusal(bad).lines().count());
  }

  @Test
  void defaultsRunBothOptVariantsAndEveryOtherPolicyOnce() {
    List<String> names = CATALOG.defaults().stream().map(ReplayPolicy::name).toList();
    assertTrue(names.contains("opt:bypass=true") && names.contains("opt:bypass=false"), names.toString());
    assertEquals(List.of("lru", "opt:bypass=false", "opt:bypass=true", "caffeine:runs=5"), names.subList(names.size() - 4, names.size()));
    assertEquals(names.size(), names.stream().distinct().count());
    for (ReplayPolicy p : CATALOG.defaults()) {
      boolean declines = p.name().startsWith("caffeine") || p.name().equals("opt:bypass=true");
      assertEquals(!declines, p.admitsEveryMiss(), p.name());
    }
  }

  @Test
  void shortLabelsKeepTheVariantWhereNamesWouldCoincide() {
    var labels = PolicyLabels.shortLabels(List.of("gclock:maxUsage=5,batch=1,hand=global", "lru", "opt:bypass=false", "opt:bypass=true"));
    assertEquals(List.of("gclock", "lru", "opt:bypass=false", "opt:bypass=true"), List.copyOf(labels.values()));
  }
}
