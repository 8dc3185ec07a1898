package dev.bufmgr.policyfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example policy of the documentation compiles and replays as an independent CLOCK does. */
class ExamplePolicyTest {
  /** The example, as docs/policy-in-one-file.md shows it. */
  static final String EXAMPLE = Path.of("..", "examples", "policies", "Clock.java").toString();

  @TempDir Path cache;

  @Test
  void theDocumentationShowsTheExampleWhole() throws Exception {
    String example = Files.readString(Path.of(EXAMPLE));
    String doc = Files.readString(Path.of("..", "docs", "policy-in-one-file.md"));
    assertTrue(doc.contains("```java\n" + example + "```"), "docs/policy-in-one-file.md shows " + EXAMPLE + " as it is");
  }

  @Test
  void theExampleHitsWhereAnIndependentClockHits() {
    SelectorFactory clock = new FileSelectorSource(new PolicyClasses(cache)).load(EXAMPLE);
    assertEquals("file:" + EXAMPLE, clock.name());
    assertEquals("CLOCK: one reference bit, second chance", clock.description());
    for (int frames : new int[] {1, 7, 64}) {
      ClockModel model = new ClockModel(frames);
      SplittableRandom rnd = new SplittableRandom(frames);
      long hits = 0;
      try (BufferPool pool = new BufferPool(PoolConfig.builder().frames(frames).selector(clock.name()).build(),
              SelectorRegistry.of(clock));
          PoolSession s = pool.openSession()) {
        for (int i = 0; i < 30_000; i++) {
          long page = rnd.nextInt(10) < 7 ? rnd.nextInt(frames + 3) : rnd.nextInt(frames * 6 + 10);
          boolean hit = model.read(page);
          assertEquals(hit, s.access(page, AccessStrategy.NORMAL, 0, false), frames + " frames, request " + i + " page " + page);
          if (hit) hits++;
        }
      }
      assertTrue(hits > 3_000 && hits < 27_000, "a trace with both hits and misses: " + hits);
    }
  }
}
