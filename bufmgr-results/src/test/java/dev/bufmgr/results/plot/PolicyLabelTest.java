package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Labels against the defaults the selectors declare (the canonical specs below are the ones
 * {@code bufmgr compare} wrote into summary.md at f7bbab4, every parameter at its default).
 */
class PolicyLabelTest {
  @Test
  void aSpecAtItsDefaultsIsItsNameAlone() {
    assertEquals("s3fifo", PolicyLabel.of("s3fifo:small=0.1,ghost=0.9,threshold=2,strategyCap=0.1,variant=current"));
    assertEquals("gclock", PolicyLabel.of("gclock:maxUsage=5,batch=1,hand=global"));
    assertEquals("hotcool", PolicyLabel.of("hotcool:batch=64,hand=global,promote=second"));
    assertEquals("lru-pool", PolicyLabel.of("lru-pool"));
  }

  @Test
  void onlyTheParametersThatDifferRemain() {
    assertEquals("gclock:maxUsage=3", PolicyLabel.of("gclock:maxUsage=3,batch=1,hand=global"));
    assertEquals("gclock:maxUsage=3,batch=16", PolicyLabel.of("gclock:maxUsage=3,batch=16,hand=global"));
    assertEquals("s3fifo:small=0.20", PolicyLabel.of("s3fifo:small=0.20,ghost=0.9"), "a value kept as written");
  }

  @Test
  void aQualifierIsKeptAndOtherTextIsLeftAlone() {
    assertEquals("gclock / greedy log", PolicyLabel.of("gclock:maxUsage=5,batch=1,hand=global / greedy log"));
    assertEquals("rings on", PolicyLabel.of("rings on"));
    assertEquals("mystery:x=1", PolicyLabel.of("mystery:x=1"));
  }
}
