package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link BgBufferSync} against a model of PostgreSQL's {@code BgBufferSync} (bufmgr.c, read at
 * postgres/postgres commit 00d7fb5e2e39, master of 2023; the function has kept this shape since
 * 8.3) written here in PostgreSQL's own terms: the clock hand as a buffer id plus a count
 * of complete passes ({@code StrategySyncStart}), the cleaner's {@code next_to_clean} and {@code
 * next_passes}, its three cases (one pass ahead, same pass and not behind, behind: jump to the
 * hand), C's types (float smoothing, an int {@code reusable_buffers_est}, a double multiplier,
 * a float {@code min_scan_buffers} quotient), and {@code SyncOneBuffer(skip_recently_used)}: a
 * buffer with pin count 0 and usage 0 is reusable, written when dirty; any other is skipped.
 * Rounds are seeded: the hand moves by a random distance, allocations are a random share of it,
 * buffers are dirtied and given usage at random. Every round must write the same buffers and
 * leave the same state.
 */
class BgBufferSyncPostgresModelTest {

  /** PostgreSQL's {@code BgBufferSync} statics and one call, over arrays of buffer flags. */
  static final class PostgresModel {
    final int nBuffers;
    final int maxPages;
    final double multiplier;
    final int delayMs;
    boolean savedInfoValid;
    int prevStrategyBufId;
    int prevStrategyPasses;
    int nextToClean;
    int nextPasses;
    float smoothedAlloc = 0;
    float smoothedDensity = 10.0f;
    int upcomingAllocEst;
    int bufsToLap;

    PostgresModel(int nBuffers, int maxPages, double multiplier, int delayMs) {
      this.nBuffers = nBuffers;
      this.maxPages = maxPages;
      this.multiplier = multiplier;
      this.delayMs = delayMs;
    }

    /** One call; returns the buffers written, clearing their dirty flags. */
    List<Integer> call(int strategyBufId, int strategyPasses, int recentAlloc, boolean[] dirty, int[] usage) {
      final float smoothingSamples = 16;
      final float scanWholePoolMilliseconds = 120000.0f;
      long strategyDelta;
      if (savedInfoValid) {
        int passesDelta = strategyPasses - prevStrategyPasses;
        strategyDelta = strategyBufId - prevStrategyBufId;
        strategyDelta += (long) passesDelta * nBuffers;
        if (nextPasses - strategyPasses > 0) {
          bufsToLap = strategyBufId - nextToClean;
        } else if (nextPasses == strategyPasses && nextToClean >= strategyBufId) {
          bufsToLap = nBuffers - (nextToClean - strategyBufId);
        } else {
          nextToClean = strategyBufId;
          nextPasses = strategyPasses;
          bufsToLap = nBuffers;
        }
      } else {
        strategyDelta = 0;
        nextToClean = strategyBufId;
        nextPasses = strategyPasses;
        bufsToLap = nBuffers;
      }
      prevStrategyBufId = strategyBufId;
      prevStrategyPasses = strategyPasses;
      savedInfoValid = true;

      if (strategyDelta > 0 && recentAlloc > 0) {
        float scansPerAlloc = (float) strategyDelta / (float) recentAlloc;
        smoothedDensity += (scansPerAlloc - smoothedDensity) / smoothingSamples;
      }
      int bufsAhead = nBuffers - bufsToLap;
      int reusableBuffersEst = (int) ((float) bufsAhead / smoothedDensity);
      if (smoothedAlloc <= (float) recentAlloc) smoothedAlloc = recentAlloc;
      else smoothedAlloc += ((float) recentAlloc - smoothedAlloc) / smoothingSamples;
      upcomingAllocEst = (int) ((double) smoothedAlloc * multiplier);
      if (upcomingAllocEst == 0) smoothedAlloc = 0;
      int minScanBuffers = (int) (nBuffers / (scanWholePoolMilliseconds / delayMs));
      if (upcomingAllocEst < minScanBuffers + reusableBuffersEst) upcomingAllocEst = minScanBuffers + reusableBuffersEst;

      int numToScan = bufsToLap;
      int numWritten = 0;
      int reusableBuffers = reusableBuffersEst;
      List<Integer> written = new ArrayList<>();
      while (numToScan > 0 && reusableBuffers < upcomingAllocEst) {
        int b = nextToClean;
        boolean reusable = usage[b] == 0;
        boolean wrote = reusable && dirty[b];
        if (wrote) {
          dirty[b] = false;
          written.add(b);
        }
        if (++nextToClean >= nBuffers) {
          nextToClean = 0;
          nextPasses++;
        }
        numToScan--;
        if (wrote) {
          reusableBuffers++;
          if (++numWritten >= maxPages) break;
        } else if (reusable) {
          reusableBuffers++;
        }
      }
      long newStrategyDelta = bufsToLap - numToScan;
      int newRecentAlloc = reusableBuffers - reusableBuffersEst;
      if (newStrategyDelta > 0 && newRecentAlloc > 0) {
        float scansPerAlloc = (float) newStrategyDelta / (float) newRecentAlloc;
        smoothedDensity += (scansPerAlloc - smoothedDensity) / smoothingSamples;
      }
      return written;
    }
  }

  @Test
  void everyRoundWritesWhatPostgresWouldAndEndsInItsState() {
    for (long seed = 1; seed <= 8; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 200 + r.nextInt(1800);
      int maxPages = 5 + r.nextInt(100);
      double multiplier = new double[] {1.0, 2.0, 2.12, 0.7, 4.2}[r.nextInt(5)];
      int delayMs = new int[] {10, 200, 1000}[r.nextInt(3)];
      Descriptors d = Descriptors.allocate(n, 1, Padding.NONE, Sharing.EXCLUSIVE);
      BgBufferSyncTest.Clock clock = new BgBufferSyncTest.Clock(n);
      BgBufferSync sync = new BgBufferSync(clock, d, new BgWriterSettings(delayMs * 1_000_000L, maxPages, multiplier));
      PostgresModel pg = new PostgresModel(n, maxPages, multiplier, delayMs);
      boolean[] dirty = new boolean[n];
      int[] usage = new int[n];
      for (int round = 0; round < 300; round++) {
        String where = "seed " + seed + " (" + n + " buffers, maxPages " + maxPages + ", multiplier " + multiplier + ", delay "
            + delayMs + " ms), round " + round;
        // The hand moves (sometimes not at all, sometimes more than a lap), allocating a share of what it passed.
        int delta = r.nextInt(5) == 0 ? 0 : r.nextInt(r.nextBoolean() ? n / 4 : 2 * n);
        clock.position += delta;
        int recentAlloc = delta == 0 ? 0 : 1 + r.nextInt(delta);
        for (int k = r.nextInt(n / 3); k > 0; k--) {
          int b = r.nextInt(n);
          dirty[b] = true;
          usage[b] = r.nextInt(3) == 0 ? 1 + r.nextInt(5) : 0;
          set(d, b, dirty[b], usage[b]);
        }
        List<Integer> expected = pg.call((int) (clock.position % n), (int) (clock.position / n), recentAlloc, dirty, usage);
        List<Integer> actual = BgBufferSyncTest.round(sync, d, recentAlloc);
        assertEquals(expected, actual, where + ": buffers written");
        BgBufferSync.Sweep s = sync.sweep(0);
        assertEquals((long) pg.nextPasses * n + pg.nextToClean, s.nextToClean, where + ": next to clean");
        assertEquals(pg.bufsToLap, s.bufsToLap, where + ": buffers to lap");
        assertEquals(pg.upcomingAllocEst, s.upcomingAllocEst, where + ": upcoming allocations");
        assertEquals(pg.smoothedAlloc, s.smoothedAlloc, where + ": smoothed allocations");
        assertEquals(pg.smoothedDensity, s.smoothedDensity, where + ": smoothed density");
      }
    }
  }

  @Test
  void theMultiplierIsADoubleAsPostgresDeclaresIt() {
    // 25 buffers allocated (fast attack: smoothed_alloc = 25), bgwriter_lru_multiplier 2.12:
    // (int) (25.0 * 2.12) = (int) 53.0 = 53 in double; in single precision 25f * 2.12f is
    // 52.999996, which truncates to 52. Pool of 1200, delay 200 ms: min_scan_buffers = 2.
    int n = 1200;
    Descriptors d = Descriptors.allocate(n, 1, Padding.NONE, Sharing.EXCLUSIVE);
    BgBufferSyncTest.Clock clock = new BgBufferSyncTest.Clock(n);
    BgBufferSync sync = new BgBufferSync(clock, d, new BgWriterSettings(200_000_000L, 100, 2.12));
    BgBufferSyncTest.round(sync, d, 0);
    clock.position = 100;
    BgBufferSyncTest.round(sync, d, 25);
    assertEquals(25f, sync.sweep(0).smoothedAlloc);
    assertEquals(53, sync.sweep(0).upcomingAllocEst);
  }

  private static void set(Descriptors d, int b, boolean dirty, int usage) {
    long st = d.state(b) | BufferState.TAG_VALID | BufferState.VALID;
    st = dirty ? st | BufferState.DIRTY : st & ~BufferState.DIRTY;
    d.compareAndSetState(b, d.state(b), BufferState.withUsage(st, usage));
  }
}
