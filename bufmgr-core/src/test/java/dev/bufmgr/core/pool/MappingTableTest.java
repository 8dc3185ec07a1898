package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MappingTableTest {

  private static void put(MappingTable t, long page, int buffer) {
    int part = t.partitionOf(page);
    long stamp = t.lockPartition(part);
    try {
      t.putLocked(page, buffer);
    } finally {
      t.unlockPartition(part, stamp);
    }
  }

  private static int remove(MappingTable t, long page) {
    int part = t.partitionOf(page);
    long stamp = t.lockPartition(part);
    try {
      return t.removeLocked(page);
    } finally {
      t.unlockPartition(part, stamp);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 128})
  void agreesWithAHashMapUnderRandomInsertsAndRemovals(int partitions) {
    MappingTable t = new MappingTable(500, partitions);
    Map<Long, Integer> model = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(partitions);
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < 200_000; i++) {
      if (model.size() < 500 && (keys.isEmpty() || rnd.nextInt(3) > 0)) {
        long page = rnd.nextLong(5_000) * 7919;
        if (model.containsKey(page)) continue;
        int buffer = rnd.nextInt(500);
        put(t, page, buffer);
        model.put(page, buffer);
        keys.add(page);
      } else {
        long page = keys.remove(rnd.nextInt(keys.size()));
        assertEquals((int) model.remove(page), remove(t, page));
      }
      if (i % 997 == 0) {
        for (Map.Entry<Long, Integer> e : model.entrySet()) assertEquals((int) e.getValue(), t.lookup(e.getKey()));
        assertEquals(model.size(), t.size());
      }
    }
    assertEquals(MappingTable.NOT_FOUND, t.lookup(-12345L));
    assertEquals(MappingTable.NOT_FOUND, remove(t, -12345L));
  }

  @Test
  void partitionsGrowPastTheirShare() {
    MappingTable t = new MappingTable(64, 1);
    long before = t.bytes();
    for (int i = 0; i < 10_000; i++) put(t, i, i);
    assertTrue(t.bytes() > before);
    for (int i = 0; i < 10_000; i++) assertEquals(i, t.lookup(i));
  }

  @Test
  void rejectsAPartitionCountThatIsNotAPowerOfTwo() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MappingTable(10, 3));
    assertTrue(e.getMessage().contains("power of two"));
  }

  @Test
  void lookupsNeverSeeAWrongBufferWhileWritersChurn() throws Exception {
    MappingTable t = new MappingTable(256, 4);
    // Stable keys: always mapped to buffer (key % 1000); churn keys come and go around them.
    for (long k = 0; k < 200; k++) put(t, k, (int) (k % 1000));
    AtomicBoolean stop = new AtomicBoolean();
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    Thread writer =
        Thread.ofPlatform()
            .start(
                () -> {
                  SplittableRandom rnd = new SplittableRandom(1);
                  while (!stop.get()) {
                    long k = 1_000_000 + rnd.nextInt(20_000);
                    if (t.lookup(k) < 0) put(t, k, 999);
                    else remove(t, k);
                  }
                });
    Thread reader =
        Thread.ofPlatform()
            .start(
                () -> {
                  for (int round = 0; round < 2_000; round++) {
                    for (long k = 0; k < 200; k++) {
                      int b = t.lookup(k);
                      if (b != k % 1000) errors.add("key " + k + " read as " + b);
                    }
                  }
                });
    reader.join();
    stop.set(true);
    writer.join();
    assertEquals(List.of(), List.copyOf(errors));
  }
}
