package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.CleaningView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's {@code BgBufferSync} arithmetic on sequences worked out by hand: the smoothed
 * allocation (fast attack, slow decay), the density of reusable buffers, the minimum progress,
 * where the cleaner starts, the cap on writes, and when it may hibernate. One sweep of 1,200
 * buffers, every buffer unpinned and reusable; the ones made dirty are the ones written.
 */
class BgBufferSyncTest {
  private static final int N = 1200;

  /** A clock of {@code n} buffers whose search position the test sets. */
  static final class Clock implements CleaningView {
    final int n;
    long position;

    Clock(int n) {
      this.n = n;
    }

    @Override
    public int sweeps() {
      return 1;
    }

    @Override
    public int length(int sweep) {
      return n;
    }

    @Override
    public long position(int sweep) {
      return position;
    }

    @Override
    public int bufferAt(int sweep, long p) {
      return (int) (p % n);
    }

    @Override
    public boolean reusable(int buffer, long state) {
      return BufferState.refCount(state) == 0 && BufferState.usage(state) == 0;
    }
  }

  private final Descriptors d = Descriptors.allocate(N, 1, Padding.NONE, Sharing.EXCLUSIVE);
  private final Clock clock = new Clock(N);

  private void dirty(int from, int to) {
    for (int b = from; b < to; b++) {
      long st = d.state(b);
      d.compareAndSetState(b, st, st | BufferState.DIRTY | BufferState.TAG_VALID | BufferState.VALID);
    }
  }

  /** Runs a round, "writing" every buffer it asks for (clearing DIRTY); returns the buffers written. */
  static List<Integer> round(BgBufferSync sync, Descriptors d, long recentAlloc) {
    sync.beginRound(recentAlloc);
    List<Integer> written = new ArrayList<>();
    int b;
    while ((b = sync.next()) >= 0) {
      long st = d.state(b);
      d.compareAndSetState(b, st, st & ~BufferState.DIRTY);
      written.add(b);
      sync.wrote(true, false);
    }
    return written;
  }

  @Test
  void threeRoundsAsWorkedByHand() {
    BgBufferSync sync = new BgBufferSync(clock, d, BgWriterSettings.DEFAULTS);
    // Round 1: first call, nothing allocated. Minimum progress: 1200 / (120000 / 200) = 2 buffers.
    assertEquals(List.of(), round(sync, d, 0));
    BgBufferSync.Sweep s = sync.sweep(0);
    assertEquals(1200, s.bufsToLap);
    assertEquals(2, s.upcomingAllocEst);
    assertEquals(2, s.nextToClean, "scanned buffers 0 and 1, both reusable");
    assertEquals(10 - 9 / 16.0, s.smoothedDensity, 1e-6, "fed from the scan: 2 scanned for 2 reusable");
    assertFalse(sync.mayHibernate());

    // Round 2: the search moved to 300 after 100 allocations; the cleaner is behind and jumps there.
    clock.position = 300;
    dirty(300, 350);
    List<Integer> w2 = round(sync, d, 100);
    assertEquals(50, w2.size());
    assertEquals(300, (int) w2.get(0));
    double density = 9.4375 + (3 - 9.4375) / 16; // 300 scans for 100 allocations
    assertEquals(200, s.upcomingAllocEst, "smoothed allocation 100 (fast attack) times 2.0");
    assertEquals(500, s.nextToClean, "200 buffers scanned, 50 written, 150 already clean");
    density += (1 - density) / 16; // the scan: 200 scanned for 200 reusable
    assertEquals(density, s.smoothedDensity, 1e-5);
    assertEquals(50, sync.buffersClean());

    // Round 3: search at 400 after 50 allocations; the cleaner is 100 ahead: 1100 to lap.
    clock.position = 400;
    round(sync, d, 50);
    assertEquals(1100, s.bufsToLap);
    density += (2 - density) / 16; // 100 scans for 50 allocations
    double smoothed = 100 + (50 - 100) / 16.0; // slow decay
    assertEquals(smoothed, s.smoothedAlloc, 1e-5);
    assertEquals((int) (smoothed * 2), s.upcomingAllocEst);
    float reusableEst = (float) (100 / density);
    assertEquals((int) reusableEst, s.reusableEst, "PostgreSQL's reusable_buffers_est is an int: the quotient truncated");
    assertEquals(500 + (s.upcomingAllocEst - (int) reusableEst), s.nextToClean, "scans until the estimate is covered");
    assertEquals(150, sync.buffersAlloc());
  }

  @Test
  void aRoundStopsAtMaxPagesAndCountsIt() {
    BgBufferSync sync = new BgBufferSync(clock, d, new BgWriterSettings(200_000_000L, 10, 2.0));
    round(sync, d, 0);
    clock.position = 300;
    dirty(300, 400);
    assertEquals(10, round(sync, d, 100).size());
    assertEquals(1, sync.maxwrittenClean());
    assertEquals(10, sync.roundWritten());
    assertEquals(310, sync.sweep(0).nextToClean);
  }

  @Test
  void itMayHibernateOnlyALapAheadWithNothingAllocated() {
    BgBufferSync sync = new BgBufferSync(clock, d, new BgWriterSettings(200_000_000L, 100, 10.0));
    round(sync, d, 0);
    clock.position = 10;
    round(sync, d, N);
    assertEquals(10 + N, sync.sweep(0).nextToClean, "a large estimate lets the cleaner lap the whole pool");
    assertFalse(sync.mayHibernate(), "allocations were seen");
    round(sync, d, 0);
    assertEquals(0, sync.sweep(0).bufsToLap);
    assertTrue(sync.mayHibernate(), "a lap ahead and nothing allocated");
  }

  @Test
  void cleanBuffersInUseAreSkippedAndBusyOnesNeitherWrittenNorCounted() {
    BgBufferSync sync = new BgBufferSync(clock, d, BgWriterSettings.DEFAULTS);
    round(sync, d, 0);
    clock.position = 100;
    dirty(100, 104);
    long st = d.state(101);
    d.compareAndSetState(101, st, BufferState.withUsage(st, 3));
    sync.beginRound(4);
    assertEquals(100, sync.next());
    sync.wrote(false, true);
    assertEquals(102, sync.next(), "buffer 101 is not next to go: skipped");
    sync.wrote(true, false);
    assertEquals(103, sync.next());
    sync.wrote(true, false);
    assertEquals(2, sync.buffersClean());
  }
}
