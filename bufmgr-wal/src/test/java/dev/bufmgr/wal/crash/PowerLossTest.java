package dev.bufmgr.wal.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.store.LogLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Power-loss testing of the durable log in both flush modes (see {@link CrashCheck}). */
class PowerLossTest {
  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void noStateOfAPowerLossLosesAnAcknowledgedCommitOrIsRefused(FlushMode mode) throws Exception {
    CrashCheck.Result r = CrashCheck.run(3, 4, 180, LogLayout.MIN_SEGMENT, 1, 4, 1, mode);
    assertNull(r.firstFailure());
    assertEquals(0, r.refused());
    assertEquals(0, r.lost());
    assertTrue(r.passed());
    assertTrue(r.states() > 3000, "states checked: " + r);
    assertTrue(r.reopened() > 50, "states opened for writing: " + r);
  }

  /** The generator makes states that lose data: a run whose last flush is torn loses nothing acknowledged, but the states exist. */
  @Test
  void theGeneratorTearsAndDropsUnforcedWrites() {
    MemoryStorage s = MemoryStorage.recording();
    try (var f = s.create("f")) {
      f.write(java.nio.ByteBuffer.wrap(new byte[8192]).put(0, (byte) 1).put(4096, (byte) 2), 0);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    long n = new CrashStates(s.operations()).forEach(1, 20, 3, (point, state, acks, how) -> {
      if (!state.exists("f")) {
        seen.add("absent");
        return;
      }
      byte[] b = state.snapshot().get("f");
      seen.add((b.length > 0 && b[0] == 1 ? "A" : "-") + (b.length > 4096 && b[4096] == 2 ? "B" : "-"));
    });
    assertTrue(n > 10);
    assertEquals(java.util.Set.of("absent", "--", "A-", "-B", "AB"), seen, "dropped, torn either way (out of order too), kept, and the name lost");
  }
}
