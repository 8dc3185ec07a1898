package dev.bufmgr.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both layouts keep each buffer's words apart from its neighbours', with or without selector words. */
class DescriptorsTest {

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void everyWordOfEveryBufferIsItsOwn(Sharing sharing) {
    try (Descriptors d = Descriptors.allocate(10, 3, Padding.NONE, sharing, true)) {
      assertEquals(sharing, d.sharing());
      assertTrue(d.hasSelectorWords());
      for (int b = 0; b < 10; b++) {
        assertTrue(d.compareAndSetState(b, 0, 100 + b));
        d.setTag(b, 200 + b);
        d.raiseLsn(b, 300 + b);
        assertTrue(d.compareAndSetSelectorWord(b, 0, 400 + b));
      }
      for (int b = 0; b < 10; b++) {
        assertEquals(100 + b, d.state(b));
        assertEquals(200 + b, d.tag(b));
        assertEquals(300 + b, d.lsn(b));
        assertEquals(400 + b, d.selectorWord(b));
      }
      assertFalse(d.compareAndSetSelectorWord(4, 0, 1), "a stale expected word changes nothing");
      assertEquals(404, d.selectorWord(4));
      assertEquals(105, d.getAndAddState(5, 10));
      assertEquals(115, d.state(5));
      d.raiseLsn(6, 1);
      assertEquals(306, d.lsn(6), "a raise never lowers the LSN");
      d.resetLsn(6);
      assertEquals(0, d.lsn(6));
    }
  }

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void anLsnResetTouchesOnlyItsOwnBufferBeforeAndAfterTheFirstRaise(Sharing sharing) {
    try (Descriptors d = Descriptors.allocate(4, 1, Padding.NONE, sharing)) {
      d.resetLsn(0);
      assertEquals(0, d.lsn(0));
      d.raiseLsn(1, 5);
      d.resetLsn(2);
      assertEquals(5, d.lsn(1), "another buffer's reset leaves this LSN");
      d.resetLsn(1);
      assertEquals(0, d.lsn(1));
      d.raiseLsn(1, 7);
      assertEquals(7, d.lsn(1), "a reset LSN rises again");
    }
  }

  /** 5 buffers in 4 stripes of ceil(5 / 4) = 2: the stripes hold 2, 2, 1 and 0 buffers, and all work. */
  @ParameterizedTest
  @EnumSource(Sharing.class)
  void stripesThatDoNotDivideThePoolEndWithShortOrEmptyOnes(Sharing sharing) {
    try (Descriptors d = Descriptors.allocate(5, 4, Padding.NONE, sharing)) {
      int[] starts = {0, 2, 4, 5};
      int[] ends = {2, 4, 5, 5};
      for (int s = 0; s < 4; s++) {
        assertEquals(starts[s], d.stripeStart(s), "start of stripe " + s);
        assertEquals(ends[s], d.stripeEnd(s), "end of stripe " + s);
      }
      for (int b = 0; b < 5; b++) {
        assertTrue(d.compareAndSetState(b, 0, 100 + b));
        assertEquals(100 + b, d.state(b));
        assertTrue(d.stripeStart(d.stripeOf(b)) <= b && b < d.stripeEnd(d.stripeOf(b)), "buffer " + b + " in its stripe");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Sharing.class)
  void withoutSelectorWordsEachBufferTakesThreeWordsAndRefusesThem(Sharing sharing) {
    try (Descriptors plain = Descriptors.allocate(64, 1, Padding.NONE, sharing);
        Descriptors withWords = Descriptors.allocate(64, 1, Padding.NONE, sharing, true)) {
      assertEquals(64 * 24, plain.bytes());
      assertEquals(64 * 32, withWords.bytes());
      assertFalse(plain.hasSelectorWords());
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> plain.selectorWord(0));
      assertTrue(e.getMessage().contains("BUFFER_WORD"), e.getMessage());
    }
  }
}
