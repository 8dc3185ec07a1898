package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.StripePlacement;
import dev.bufmgr.core.buffer.AccessStrategy;
import org.junit.jupiter.api.Test;

class PoolConfigTest {

  private static String refused(PoolConfig.Builder b) {
    return assertThrows(IllegalArgumentException.class, b::build).getMessage();
  }

  @Test
  void refusesImpossibleConfigurationsNamingTheSetting() {
    assertTrue(refused(PoolConfig.builder().frames(0)).startsWith("frames must lie in 1.."));
    assertTrue(refused(PoolConfig.builder().frames(-5)).startsWith("frames"));
    assertTrue(refused(PoolConfig.builder().pageSize(1000)).startsWith("page size must be a power of two"));
    assertTrue(refused(PoolConfig.builder().frames(4).stripes(5)).startsWith("stripes must lie in 1..frames"));
    assertTrue(refused(PoolConfig.builder().mappingPartitions(100)).startsWith("mapping partitions"));
    assertTrue(refused(PoolConfig.builder().pageClasses(0)).startsWith("page classes"));
    assertThrows(NullPointerException.class, () -> PoolConfig.builder().placement(null).build());
  }

  @Test
  void stripesArePlacedAsTheyAlwaysWereUnlessTold() {
    assertSame(StripePlacement.DEFAULT, PoolConfig.builder().selector("second-chance").build().placement());
    StripePlacement own = new StripePlacement() {};
    assertSame(own, PoolConfig.builder().selector("second-chance").placement(own).build().placement());
  }

  @Test
  void aPoolWithoutASelectorIsRefusedForTheCoreChoosesNone() {
    assertTrue(refused(PoolConfig.builder().frames(8)).startsWith("a pool needs a victim selector"));
  }

  @Test
  void ringSizesFollowPostgresCappedAtAnEighthOfThePool() {
    PoolConfig big = PoolConfig.builder().frames(1 << 20).selector("second-chance").build();
    assertEquals(32, big.ringBuffers(AccessStrategy.BULKREAD));
    assertEquals(2048, big.ringBuffers(AccessStrategy.BULKWRITE));
    assertEquals(256, big.ringBuffers(AccessStrategy.VACUUM));
    assertEquals(0, big.ringBuffers(AccessStrategy.NORMAL));
    PoolConfig small = PoolConfig.builder().frames(100).selector("second-chance").build();
    assertEquals(12, small.ringBuffers(AccessStrategy.BULKREAD));
    assertEquals(12, small.ringBuffers(AccessStrategy.BULKWRITE));
    PoolConfig off = PoolConfig.builder().frames(100).rings(false).selector("second-chance").build();
    assertEquals(0, off.ringBuffers(AccessStrategy.BULKREAD));
  }
}
