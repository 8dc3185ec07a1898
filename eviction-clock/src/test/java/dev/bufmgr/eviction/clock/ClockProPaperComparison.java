package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.ProbedFactory;
import dev.bufmgr.core.testing.SharedTraces;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A measurement, not a check (it runs only when asked): the {@code clockpro} selector, its
 * libCacheSim-semantics model, the paper's model and the {@code clockpro-paper} selector request by
 * request on one trace at several pool sizes, printing each one's miss ratio, the first request
 * where {@code clockpro} and the paper's model part (with both sides' state there), and whether
 * each selector equals its model on every request.
 *
 * <pre>
 * ./mvnw -o -q -B verify -pl eviction-clock -am -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dtest=ClockProPaperComparison -Dclockpro.trace=FILE -Dclockpro.frames=4000,4500,...
 * </pre>
 * {@code FILE} is a libCacheSim oracleGeneral trace ({@code bufmgr convert --to oracleGeneral})
 * or the name of a shared LIRS trace ({@code sprite.trace.gz}). {@code -Dclockpro.coldRatio}
 * sets both models' and the selector's starting cold target (default 1); {@code
 * -Dclockpro.codeModel=false} leaves out the libCacheSim-semantics model (slow when few pages are
 * hot: its hot hand passes every other entry one at a time; its column then repeats the selector's).
 */
class ClockProPaperComparison {

  @Test
  @EnabledIfSystemProperty(named = "clockpro.trace", matches = ".+")
  void compare() throws IOException {
    String trace = System.getProperty("clockpro.trace");
    long[] pages = trace.endsWith(".trace.gz") ? SharedTraces.lirs(trace) : oracleGeneral(Path.of(trace));
    double coldRatio = Double.parseDouble(System.getProperty("clockpro.coldRatio", "1"));
    boolean withCode = !System.getProperty("clockpro.codeModel", "true").equals("false");
    System.out.printf("%s: %d requests, coldRatio %s%n", trace, pages.length, coldRatio);
    System.out.println(
        "frames | selector | libCacheSim-semantics model | paper model | paper m_c at end | first divergence from the paper");
    for (String f : System.getProperty("clockpro.frames", "1000").split(",")) {
      int frames = Integer.parseInt(f.trim());
      ClockProModel code = new ClockProModel(frames, false, coldRatio);
      ClockProPaperModel paper = new ClockProPaperModel(frames, coldRatio);
      long selectorMisses = 0;
      long codeMisses = 0;
      long paperMisses = 0;
      long paperSelectorMisses = 0;
      long paperSelectorDivergence = -1;
      String divergence = "none";
      long codeDivergence = -1;
      ProbedFactory<ClockProSelector> probe = new ProbedFactory<>(new ClockProFactory(), ClockProSelector.class);
      ClockProSelector selector;
      try (BufferPool pool = probe.pool(PoolConfig.builder().frames(frames)
              .selector("clockpro:coldRatio=" + coldRatio).build());
          PoolSession s = pool.openSession();
          BufferPool paperPool = new BufferPool(PoolConfig.builder().frames(frames)
              .selector("clockpro-paper:coldRatio=" + coldRatio).build());
          PoolSession ps = paperPool.openSession()) {
        selector = probe.last();
        for (int i = 0; i < pages.length; i++) {
          boolean sel = s.access(pages[i], AccessStrategy.NORMAL, 0, false);
          boolean c = withCode ? code.access(pages[i]) : sel;
          boolean p = paper.access(pages[i]);
          if (!sel) selectorMisses++;
          if (!c) codeMisses++;
          if (!p) paperMisses++;
          boolean paperSelector = ps.access(pages[i], AccessStrategy.NORMAL, 0, false);
          if (!paperSelector) paperSelectorMisses++;
          if (paperSelector != p && paperSelectorDivergence < 0) paperSelectorDivergence = i;
          if (sel != c && codeDivergence < 0) codeDivergence = i;
          if (sel != p && divergence.equals("none")) {
            divergence = String.format(
                "request %d, page %d: selector %s (hot %d, cold %d, test %d, target %d,"
                    + " %d promotions, %d test hits, %d demotions, %d expiries),"
                    + " paper %s (hot %d, cold %d, non-resident %d, m_c %d, %d promotions, %d test hits,"
                    + " %d demotions, %d test periods ended)",
                i, pages[i], sel ? "hit" : "miss", selector.hotPages(), selector.coldPages(), selector.testPages(),
                selector.coldTarget(), selector.promotions(), selector.testHits(), selector.demotions(),
                selector.testExpiries(), p ? "hit" : "miss", paper.hot(),
                paper.cold(), paper.nonResident(), paper.coldTarget, paper.promotions, paper.testHits,
                paper.demotions, paper.testExpiries);
          }
        }
      }
      System.out.printf("%d | %.4f | %.4f | %.4f | %d | %s%n", frames, selectorMisses / (double) pages.length,
          codeMisses / (double) pages.length, paperMisses / (double) pages.length, paper.coldTarget, divergence);
      System.out.printf("    clockpro-paper: miss ratio %.4f, %s%n", paperSelectorMisses / (double) pages.length,
          paperSelectorDivergence < 0 ? "identical to the paper model on every request"
              : "first differs from the paper model at request " + paperSelectorDivergence);
      if (withCode) {
        System.out.println("    selector against the libCacheSim-semantics model: "
            + (codeDivergence < 0 ? "identical on every request" : "first differs at request " + codeDivergence));
      }
      System.out.printf("    selector at the end: target %d; %d promotions, %d test hits, %d demotions, %d test periods"
          + " ended%n", selector.coldTarget(), selector.promotions(), selector.testHits(), selector.demotions(),
          selector.testExpiries());
      System.out.printf("    paper counters: %d promotions, %d test hits, %d demotions, %d test periods ended%n",
          paper.promotions, paper.testHits, paper.demotions, paper.testExpiries);
    }
  }

  /** The object ids of a libCacheSim oracleGeneral trace (24-byte little-endian records). */
  private static long[] oracleGeneral(Path file) throws IOException {
    long[] ids = new long[1 << 20];
    int n = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        DataInputStream d = new DataInputStream(in)) {
      byte[] record = new byte[24];
      while (true) {
        try {
          d.readFully(record);
        } catch (EOFException end) {
          break;
        }
        long id = 0;
        for (int b = 11; b >= 4; b--) id = (id << 8) | (record[b] & 0xFF);
        if (n == ids.length) ids = Arrays.copyOf(ids, 2 * n);
        ids[n++] = id;
      }
    }
    return Arrays.copyOf(ids, n);
  }
}
