package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.SecondChanceFactory.Fault;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance suite can fail: each of its checks is run against the core's second-chance
 * clock with one planted bug ({@link Fault}) and must fail, and the same check must pass on the
 * correct selector. A check added to the suite without a fault that it catches fails {@link
 * #everyCheckOfTheSuiteIsShownToCatchAFault}.
 */
class ConformanceSuiteCatchesFaultsTest {

  /** The suite over the core's own registry, with a short deadline for the endless search. */
  private static final class OnSecondChance extends SelectorConformanceSuite {
    private final List<String> specs;

    OnSecondChance(String... specs) {
      this.specs = List.of(specs);
    }

    @Override
    protected List<String> selectorSpecs() {
      return specs;
    }

    @Override
    protected SelectorRegistry registry() {
      return SecondChanceFactory.registry();
    }

    @Override
    protected Duration searchDeadline() {
      return Duration.ofSeconds(3);
    }
  }

  /** One check of the suite, run on the selector {@code spec}. */
  private interface Check {
    void run(OnSecondChance suite, String spec) throws Throwable;
  }

  /** Per check, the fault that must make it fail, in the order the suite declares them. */
  private static final Map<String, Map.Entry<Fault, Check>> CATCHES = Map.of(
      "neverEvictsAPinnedBuffer", Map.entry(Fault.PINNED_VICTIM, (s, spec) -> s.neverEvictsAPinnedBuffer(spec, Sharing.SHARED)),
      "pinsReturnToZero", Map.entry(Fault.LEAKED_CLAIM, (s, spec) -> s.pinsReturnToZero(spec, Sharing.SHARED)),
      "victimSearchEndsWithAnErrorWhenEveryBufferIsPinned", Map.entry(Fault.ENDLESS_SEARCH,
          (s, spec) -> s.victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(spec, Sharing.SHARED)),
      "noDirtyPageIsLost", Map.entry(Fault.DROPPED_DIRTY, (s, spec) -> s.noDirtyPageIsLost(spec, Sharing.EXCLUSIVE)),
      "mappingAndDescriptorsStayABijection", Map.entry(Fault.LOST_PAGE,
          (s, spec) -> s.mappingAndDescriptorsStayABijection(spec, Sharing.EXCLUSIVE)),
      "ringsKeepToTheirSizeAndCap", Map.entry(Fault.RING_REFUSES, (s, spec) -> s.ringsKeepToTheirSizeAndCap(spec, Sharing.SHARED)),
      "sharedAndExclusivePoolsServeTheSameRequestsAlike", Map.entry(Fault.SHARING_DEPENDENT,
          (s, spec) -> s.sharedAndExclusivePoolsServeTheSameRequestsAlike(spec)),
      "aBackgroundCleanerChangesNoReplayDecision", Map.entry(Fault.CLEANER_AGES,
          (s, spec) -> s.aBackgroundCleanerChangesNoReplayDecision(spec)),
      "theNextVictimIsTheFirstReusableBufferOfASweep", Map.entry(Fault.VIEW_AHEAD,
          (s, spec) -> s.theNextVictimIsTheFirstReusableBufferOfASweep(spec)));

  /** Checks no selector can break, with the reason. */
  private static final Map<String, String> POOL_PROPERTIES = Map.of(
      "anExclusivePoolRefusesASessionOnAnotherThread", "the pool, not the selector, binds an exclusive pool to a thread",
      "aRunOfReadsServesThemAsSingleAccessesDo",
      "the pool's run of reads makes the same selector calls as single reads; its faults are the pool's",
      "everySpecNamesARegisteredSelector", "caught by a spec that names no registered selector (its own test below)");

  static Stream<Arguments> catches() {
    return CATCHES.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .map(e -> Arguments.of(e.getKey(), e.getValue().getKey()));
  }

  @ParameterizedTest(name = "{0} catches {1}")
  @MethodSource("catches")
  void eachCheckPassesOnTheCorrectSelectorAndFailsOnItsFault(String check, Fault fault) throws Throwable {
    Check run = CATCHES.get(check).getValue();
    OnSecondChance suite = new OnSecondChance("second-chance");
    run.run(suite, "second-chance");
    String faulty = "second-chance:fault=" + fault.spec();
    Executable planted = () -> run.run(suite, faulty);
    AssertionError caught = assertThrows(AssertionError.class, planted, check + " did not catch " + fault);
    assertTrue(caught.getMessage() != null && !caught.getMessage().isBlank(), check + " failed without saying why");
  }

  @Test
  void aSpecNamingNoRegisteredSelectorIsCaught() {
    new OnSecondChance("second-chance").everySpecNamesARegisteredSelector();
    assertThrows(AssertionError.class, () -> new OnSecondChance("second-chance", "absent").everySpecNamesARegisteredSelector());
  }

  @Test
  void everyFaultIsCaughtBySomeCheck() {
    Set<Fault> planted = CATCHES.values().stream().map(Map.Entry::getKey).collect(Collectors.toSet());
    Set<Fault> all = Arrays.stream(Fault.values()).filter(f -> f != Fault.NONE).collect(Collectors.toSet());
    assertEquals(all, planted);
  }

  @Test
  void everyCheckOfTheSuiteIsShownToCatchAFault() {
    Set<String> checks = new TreeSet<>();
    for (Method m : SelectorConformanceSuite.class.getDeclaredMethods()) {
      if (m.isAnnotationPresent(Test.class) || m.isAnnotationPresent(ParameterizedTest.class)) checks.add(m.getName());
    }
    Set<String> covered = new TreeSet<>(CATCHES.keySet());
    covered.addAll(POOL_PROPERTIES.keySet());
    assertEquals(checks, covered, "a check of the suite with no planted fault shown to fail it");
  }
}
