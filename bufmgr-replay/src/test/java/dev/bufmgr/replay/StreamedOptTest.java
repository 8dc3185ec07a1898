package dev.bufmgr.replay;

import dev.bufmgr.replay.catalog.PolicyCatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.stream.EventBlock;
import dev.bufmgr.workloads.stream.NextAccessFile;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OPT streams: its next accesses come from the oracleGeneral records that carry them, or from a
 * pre-pass index on disk for an input without them, and either way it gives the hits of OPT over
 * the trace in memory and of the plain reference model.
 */
class StreamedOptTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);
  /** More than one block of the index's pre-pass (65,536) and of the feed (16,384), not a multiple. */
  private static final int REQUESTS = 150_001;

  @TempDir Path dir;

  /** Page ids skewed toward small ones, so there are hits and evictions at every size tried. */
  private static long[] skewedPages(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] pages = new long[n];
    for (int i = 0; i < n; i++) pages[i] = (long) Math.floor(Math.pow(r.nextDouble(), 3) * 20_000) + (1L << 33);
    return pages;
  }

  /** Each request's next access by a map from the end, written plainly for the test. */
  private static long[] nextAccesses(long[] pages) {
    long[] next = new long[pages.length];
    Map<Long, Long> later = new HashMap<>();
    for (int i = pages.length - 1; i >= 0; i--) {
      Long at = later.put(pages[i], (long) i);
      next[i] = at == null ? EventBlock.NEVER : at;
    }
    return next;
  }

  /** oracleGeneral records (libCacheSim's layout): time u32, id u64, size u32, next access i64 (-1: never). */
  private Path oracleGeneral(long[] pages, long[] next) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(pages.length * 24).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < pages.length; i++) {
      b.putInt(i).putLong(pages[i]).putInt(4096).putLong(next[i] == EventBlock.NEVER ? -1 : next[i]);
    }
    return Files.write(dir.resolve("skewed.oracleGeneral"), b.array());
  }

  private Path text(long[] pages) throws IOException {
    return Files.write(dir.resolve("skewed.txt"), LongStream.of(pages).mapToObj(Long::toString).collect(Collectors.toList()));
  }

  @Test
  void thePrePassIndexGivesEveryRequestsNextAccess() throws IOException {
    long[] pages = skewedPages(REQUESTS, 1);
    long[] expected = nextAccesses(pages);
    Path work = Files.createDirectory(dir.resolve("work"));
    try (NextAccessFile index = NextAccessFile.build(TraceFormats.open(text(pages), "text"), work)) {
      long[] got = new long[16_384];
      for (long first = 0; first < REQUESTS; first += 16_384) {
        int n = (int) Math.min(16_384, REQUESTS - first);
        index.fill(first, n, got);
        for (int i = 0; i < n; i++) assertEquals(expected[(int) first + i], got[i], "request " + (first + i));
      }
      try (Stream<Path> files = Files.list(work)) {
        assertEquals(1, files.count(), "only the index itself is left during the replay");
      }
    }
    try (Stream<Path> files = Files.list(work)) {
      assertEquals(List.of(), files.toList(), "closing removes the index");
    }
  }

  @Test
  void optGivesTheSameHitsFromCarriedAndPrecomputedNextAccesses() throws IOException {
    long[] pages = skewedPages(REQUESTS, 2);
    Path og = oracleGeneral(pages, nextAccesses(pages));
    Path txt = text(pages);
    EventTrace inMemory = EventTrace.load(TraceFormats.open(txt, "text"));
    List<ReplayPolicy> opts = List.of(CATALOG.resolve("opt:bypass=true"), CATALOG.resolve("opt:bypass=false"));
    List<Integer> sizes = List.of(50, 800, 5000);
    for (Path file : List.of(og, txt)) {
      ReplayInput input = ReplayInput.ofFile(file, file == og ? "oracleGeneral" : "text");
      List<ReplayRun> runs = new ArrayList<>();
      for (ReplayPolicy p : opts) for (int f : sizes) runs.add(p.start(f, input.carries()));
      ReplayInput.Pass pass = input.pass(true, dir);
      List<ReplayResult> streamed = OnePassReplay.run(pass.source(), pass.next(), runs, List.of(), 2);
      int i = 0;
      for (ReplayPolicy p : opts) {
        for (int f : sizes) {
          ReplayResult r = streamed.get(i++);
          String what = p.name() + " at " + f + " from " + file.getFileName();
          assertEquals(p.replay(inMemory, f).hits(), r.hits(), what);
          if (p.name().equals("opt:bypass=true")) assertEquals(PlainModels.optHits(inMemory, f), r.hits(), what);
        }
      }
    }
  }

  @Test
  void aStreamWithoutNextAccessesNeedsNone() throws IOException {
    ReplayInput input = ReplayInput.ofFile(text(skewedPages(1000, 3)), "text");
    ReplayInput.Pass pass = input.pass(false, dir);
    assertNull(pass.next());
    pass.source().close();
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("skewed.txt"), files.map(f -> f.getFileName().toString()).toList(), "no index is written");
    }
  }
}
