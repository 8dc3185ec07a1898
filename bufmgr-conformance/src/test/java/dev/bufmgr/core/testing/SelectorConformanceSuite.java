package dev.bufmgr.core.testing;

import dev.bufmgr.conformance.SelectorChecks;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.SelectorRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The properties every victim selector must have inside the pool ({@link SelectorChecks}, where
 * each is stated), run as JUnit tests. A selector module subclasses this suite and lists the
 * specs to run (the selector with each hand and variant it offers); the suite also checks that
 * each spec's selector is registered. Each check is shown to fail on a selector with a planted bug
 * ({@link SecondChanceFactory.Fault}, {@code ConformanceSuiteCatchesFaultsTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SelectorConformanceSuite {

  /** The selector specs to check, e.g. {@code gclock}, {@code gclock:batch=64}. */
  protected abstract List<String> selectorSpecs();

  /** Where the specs' selectors are found: by default the class path's ({@link SelectorRegistry#load}). */
  protected SelectorRegistry registry() {
    return SelectorRegistry.load();
  }

  /** How long a victim search over a pool whose every buffer is pinned may take to give up. */
  protected Duration searchDeadline() {
    return Duration.ofSeconds(20);
  }

  /** Every spec, once on a shared pool and once on an exclusive one (plain loads and stores). */
  List<Arguments> specsInBothSharings() {
    List<Arguments> cases = new ArrayList<>();
    for (String spec : selectorSpecs()) {
      for (Sharing sharing : Sharing.values()) cases.add(Arguments.of(spec, sharing));
    }
    return cases;
  }

  private SelectorChecks checks() {
    return new SelectorChecks(registry(), searchDeadline());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void aBackgroundCleanerChangesNoReplayDecision(String spec) {
    checks().aBackgroundCleanerChangesNoReplayDecision(spec);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void theNextVictimIsTheFirstReusableBufferOfASweep(String spec) {
    checks().theNextVictimIsTheFirstReusableBufferOfASweep(spec);
  }

  @Test
  void everySpecNamesARegisteredSelector() {
    SelectorChecks checks = checks();
    for (String spec : selectorSpecs()) checks.namesARegisteredSelector(spec);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void sharedAndExclusivePoolsServeTheSameRequestsAlike(String spec) {
    checks().sharedAndExclusivePoolsServeTheSameRequestsAlike(spec);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void aRunOfReadsServesThemAsSingleAccessesDo(String spec, Sharing sharing) {
    checks().aRunOfReadsServesThemAsSingleAccessesDo(spec, sharing);
  }

  @Test
  void anExclusivePoolRefusesASessionOnAnotherThread() throws Exception {
    checks().anExclusivePoolRefusesASessionOnAnotherThread(selectorSpecs().get(0));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void neverEvictsAPinnedBuffer(String spec, Sharing sharing) {
    checks().neverEvictsAPinnedBuffer(spec, sharing);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void mappingAndDescriptorsStayABijection(String spec, Sharing sharing) {
    checks().mappingAndDescriptorsStayABijection(spec, sharing);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void pinsReturnToZero(String spec, Sharing sharing) {
    checks().pinsReturnToZero(spec, sharing);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(String spec, Sharing sharing) {
    checks().victimSearchEndsWithAnErrorWhenEveryBufferIsPinned(spec, sharing);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void ringsKeepToTheirSizeAndCap(String spec, Sharing sharing) {
    checks().ringsKeepToTheirSizeAndCap(spec, sharing);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specsInBothSharings")
  void noDirtyPageIsLost(String spec, Sharing sharing) {
    checks().noDirtyPageIsLost(spec, sharing);
  }
}
