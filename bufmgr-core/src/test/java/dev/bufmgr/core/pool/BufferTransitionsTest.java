package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.BufferTransitions;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.testing.SecondChanceFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The state-word transitions, one step at a time, on shared and on exclusive descriptors. */
@ParameterizedClass
@EnumSource(Sharing.class)
class BufferTransitionsTest {
  private final Descriptors d;
  private final VictimSelector selector;

  BufferTransitionsTest(Sharing sharing) {
    d = Descriptors.allocate(2, 1, Padding.CACHE_LINE, sharing);
    selector = SecondChanceFactory.registry().create(Spec.of("second-chance"), d);
  }

  @AfterEach
  void close() {
    d.close();
  }

  private void loadPage(int b, long page) {
    assertTrue(BufferTransitions.tryClaim(d, b, d.state(b)));
    assertTrue(BufferTransitions.tryInvalidate(d, b, has(d.state(b), TAG_VALID)));
    d.setTag(b, page);
    BufferTransitions.publishTag(d, b, 0, true);
    BufferTransitions.finishLoad(d, b);
  }

  @Test
  void unpinOfAnUnpinnedBufferIsRefusedAndLeavesTheStateAsItWas() {
    long before = d.state(0);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> BufferTransitions.unpin(d, 0));
    assertEquals("unpin of buffer 0, which is not pinned", e.getMessage());
    assertEquals(before, d.state(0));
  }

  @Test
  void aPinAppliesTheSelectorsHitRuleAndAnUnpinDropsIt() {
    loadPage(0, 42);
    BufferTransitions.unpin(d, 0);
    assertTrue(BufferTransitions.tryPin(d, 0, 42, selector, AccessStrategy.NORMAL));
    long st = d.state(0);
    assertEquals(1, refCount(st));
    assertEquals(1, usage(st), "second-chance sets its reference bit on a hit");
    assertTrue(has(st, TAG_VALID | VALID));
    assertFalse(BufferTransitions.tryPin(d, 0, 43, selector, AccessStrategy.NORMAL), "another page's pin fails");
    assertEquals(1, refCount(d.state(0)), "a failed pin leaves no pin behind");
    BufferTransitions.unpin(d, 0);
    assertEquals(0, refCount(d.state(0)));
    assertThrows(IllegalStateException.class, () -> BufferTransitions.unpin(d, 0));
    assertEquals(0, refCount(d.state(0)), "a bad unpin does not wrap the count");
  }

  @Test
  void aTouchAppliesTheHitRuleWithoutAPin() {
    loadPage(0, 42);
    BufferTransitions.unpin(d, 0);
    long before = d.state(0);
    assertTrue(BufferTransitions.touch(d, 0, 42, selector, AccessStrategy.NORMAL));
    assertEquals(0, refCount(d.state(0)), "a touch takes no pin");
    assertEquals(1, usage(d.state(0)));
    assertTrue(d.state(0) != before);
    long set = d.state(0);
    assertTrue(BufferTransitions.touch(d, 0, 42, selector, AccessStrategy.NORMAL));
    assertEquals(set, d.state(0), "an unchanged usage needs no write");
    assertFalse(BufferTransitions.touch(d, 0, 43, selector, AccessStrategy.NORMAL), "another page");
    assertTrue(BufferTransitions.tryClaim(d, 0, d.state(0)));
    assertTrue(BufferTransitions.tryInvalidate(d, 0, true));
    assertFalse(BufferTransitions.touch(d, 0, 42, selector, AccessStrategy.NORMAL), "a page being replaced");
    d.setTag(0, 50);
    BufferTransitions.publishTag(d, 0, 0, true);
    assertFalse(BufferTransitions.touch(d, 0, 50, selector, AccessStrategy.NORMAL), "a page still loading");
    BufferTransitions.finishLoad(d, 0);
    assertTrue(BufferTransitions.touch(d, 0, 50, selector, AccessStrategy.NORMAL));
  }

  @Test
  void aClaimNeedsAnUnpinnedBufferAndTheWordAsRead() {
    loadPage(0, 42);
    long pinned = d.state(0);
    assertFalse(BufferTransitions.tryClaim(d, 0, pinned), "a pinned buffer cannot be claimed");
    BufferTransitions.unpin(d, 0);
    long unpinned = d.state(0);
    assertTrue(BufferTransitions.trySetUsage(d, 0, unpinned, 3));
    assertEquals(3, usage(d.state(0)));
    assertFalse(BufferTransitions.trySetUsage(d, 0, unpinned, 0), "the word changed since it was read");
    assertFalse(BufferTransitions.tryClaim(d, 0, unpinned), "the word changed since it was read");
    assertTrue(BufferTransitions.tryClaim(d, 0, d.state(0)));
    assertEquals(1, refCount(d.state(0)));
    assertEquals(3, usage(d.state(0)), "a claim keeps the usage bits");
  }

  @Test
  void aBufferGivenAnotherPageAndThenItsOwnAgainIsToldApartFromBefore() {
    loadPage(0, 42);
    BufferTransitions.unpin(d, 0);
    long before = d.state(0);
    long replaced = BufferState.replacements(before);
    loadPage(0, 43);
    BufferTransitions.unpin(d, 0);
    loadPage(0, 42);
    BufferTransitions.unpin(d, 0);
    long after = d.state(0);
    assertEquals(before & ~BufferState.REPLACEMENT_MASK, after & ~BufferState.REPLACEMENT_MASK,
        "every other bit looks as it did: same page, pins, usage and flags");
    assertEquals(replaced + 2, BufferState.replacements(after), "two replacements counted");
    assertFalse(BufferTransitions.tryClaim(d, 0, before), "a claim from the old word fails");
    assertFalse(BufferTransitions.trySetUsage(d, 0, before, 1), "so does a usage change");
    assertTrue(BufferState.describe(after).endsWith("replacements=" + (replaced + 2)), BufferState.describe(after));
  }

  @Test
  void invalidationNeedsTheOnlyPinAndACleanPage() {
    loadPage(0, 7);
    assertTrue(BufferTransitions.tryPin(d, 0, 7, selector, AccessStrategy.NORMAL));
    assertFalse(BufferTransitions.tryInvalidate(d, 0, true), "two pins: another thread uses the page");
    BufferTransitions.unpin(d, 0);
    BufferTransitions.markDirty(d, 0, 100);
    assertFalse(BufferTransitions.tryInvalidate(d, 0, true), "a dirty page must be written first");
    assertTrue(BufferTransitions.startWrite(d, 0));
    BufferTransitions.finishWrite(d, 0);
    assertTrue(BufferTransitions.tryInvalidate(d, 0, true));
    assertEquals(1, refCount(d.state(0)));
    assertFalse(has(d.state(0), TAG_VALID));
    assertFalse(BufferTransitions.tryPin(d, 0, 7, selector, AccessStrategy.NORMAL), "no pin while TAG_VALID is clear");
  }

  @Test
  void aChangeDuringAWriteKeepsThePageDirty() {
    loadPage(1, 9);
    BufferTransitions.markDirty(d, 1, 10);
    assertEquals(10, d.lsn(1));
    assertTrue(BufferTransitions.startWrite(d, 1));
    BufferTransitions.markDirty(d, 1, 20);
    BufferTransitions.finishWrite(d, 1);
    assertTrue(has(d.state(1), DIRTY), "the second change was not in the write");
    assertEquals(20, d.lsn(1));
    assertTrue(BufferTransitions.startWrite(d, 1));
    BufferTransitions.finishWrite(d, 1);
    assertFalse(has(d.state(1), DIRTY));
    assertFalse(BufferTransitions.startWrite(d, 1), "a clean page needs no write");
    BufferTransitions.markDirty(d, 1, 5);
    assertEquals(20, d.lsn(1), "the page LSN never goes back");
  }
}
