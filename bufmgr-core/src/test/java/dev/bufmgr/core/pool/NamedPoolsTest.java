package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.SecondChanceFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NamedPoolsTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final List<String> CLASSES = List.of("other", "index-root", "index-inner", "index-leaf", "heap", "history");

  private static NamedPools parse(String text) {
    return NamedPools.parse(text, CLASSES, REGISTRY);
  }

  @Test
  void threePoolsRouteTheirClassesAndTheRestGoesToTheDefault() {
    NamedPools p = parse("default=second-chance:70%,keep=second-chance(batch=2):20%[index-root, index-inner,index-leaf],"
        + "recycle=second-chance:10%[history]");
    assertEquals(List.of("default", "keep", "recycle"), p.pools().stream().map(NamedPools.Pool::name).toList());
    assertEquals("2", p.pools().get(1).selector().params().get("batch"));
    assertEquals(0, p.poolOf(0));
    assertEquals(1, p.poolOf(1));
    assertEquals(1, p.poolOf(3));
    assertEquals(0, p.poolOf(4));
    assertEquals(2, p.poolOf(5));
    assertEquals(0, p.poolOf(63));
    assertEquals("default=second-chance:70%,keep=second-chance(batch=2):20%[index-root,index-inner,index-leaf],"
        + "recycle=second-chance:10%[history]", p.canonical());
    assertEquals(p.canonical(), parse(p.canonical()).canonical(), "the canonical text parses to itself");
  }

  @Test
  void theRestPoolMayComeAnywhereAndCarryAnyNameAndOneColonParameter() {
    NamedPools p = parse("hot=second-chance:12.5%[class-9,heap],main=second-chance:batch=4:87.5%");
    assertEquals(1, p.poolOf(0));
    assertEquals(0, p.poolOf(9));
    assertEquals(0, p.poolOf(4));
    assertEquals("4", p.pools().get(1).selector().params().get("batch"));
  }

  /** Hamilton's method worked by hand: quotas, floors, and the frames left to the largest remainders. */
  @ParameterizedTest(name = "{1} frames of {0}")
  @CsvSource(delimiter = '|', value = {
      "a=second-chance:70%,b=second-chance:20%[heap],c=second-chance:10%[history] | 101 | 71,20,10",
      "a=second-chance:70%,b=second-chance:20%[heap],c=second-chance:10%[history] | 1000 | 700,200,100",
      "a=second-chance:70%,b=second-chance:20%[heap],c=second-chance:10%[history] | 19 | 13,4,2",
      "a=second-chance:33.3%,b=second-chance:33.3%[heap],c=second-chance:33.4%[history] | 10 | 3,3,4",
      "a=second-chance:50%,b=second-chance:50%[heap] | 7 | 4,3",
      "a=second-chance:100% | 5 | 5"})
  void framesAreSharedByLargestRemaindersAndSumExactly(String text, int total, String expected) {
    int[] want = java.util.Arrays.stream(expected.split(",")).mapToInt(Integer::parseInt).toArray();
    assertArrayEquals(want, parse(text).frames(total, 1));
  }

  @Test
  void aPoolLeftWithTooFewFramesIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parse("a=second-chance:95%,tiny=second-chance:5%[heap]").frames(10, 2));
    assertTrue(e.getMessage().startsWith("--pools '"), e.getMessage());
    assertTrue(e.getMessage().contains("pool 'tiny' gets 0 of 10 frames"), e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "a=second-chance:70%,b=second-chance:20%[heap] | the shares sum to 90%, not 100%",
      "a=second-chance:70%,b=second-chance:40%[heap] | the shares sum to 110%, not 100%",
      "a=second-chance:70%,b=second-chance:30% | both list no classes",
      "a=second-chance:70%[heap],b=second-chance:30%[history] | exactly one must list none",
      "a=second-chance:70%,b=second-chance:30%[heap,tables] | unknown page class 'tables'",
      "a=second-chance:70%,b=second-chance:30%[class-64] | unknown page class 'class-64'",
      "a=second-chance:70%,b=clock-x:30%[heap] | selector 'clock-x'",
      "a=second-chance:70%,b=second-chance(speed=2):30%[heap] | speed",
      "a=second-chance:70%,b=second-chance:20%[heap],c=second-chance:10%[heap] | page class 'heap' is given to both 'b' and 'c'",
      "a=second-chance:70%,a=second-chance:30%[heap] | pool 'a' given twice",
      "x=second-chance:70%,default=second-chance:30%[heap] | pool 'default' lists classes",
      "a=second-chance:100%,b=second-chance:0%[heap] | pool 'b' has a share of 0%",
      "a=second-chance:70,b=second-chance:30%[heap] | pool 'a' has no share",
      "a=second-chance:70%,b=second-chance:30%[] | lists no class",
      "a=second-chance:70%,b=:30%[heap] | pool 'b' names no selector",
      "A=second-chance:100% | NAME in lower case",
      "second-chance:100% | must be written NAME=SELECTOR:SHARE%[CLASSES]",
      "a=second-chance:70%,,b=second-chance:30%[heap] | empty pool between commas",
      "a=second-chance:70%,b=second-chance:30%[heap | unbalanced",
      "a=second-chance:70%,b=second-chance:30%[heap]] | unbalanced"})
  void badSpecsAreRefusedInOneLineNamingTheFlagAndTheReason(String text, String reason) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(text));
    String m = e.getMessage();
    assertTrue(m.startsWith("--pools '" + text + "': "), m);
    assertTrue(m.contains(reason), m);
    assertFalse(m.contains("\n"), m);
  }

  @Test
  void nothingGivenIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(" "));
    assertTrue(e.getMessage().contains("no pools given"), e.getMessage());
  }
}
