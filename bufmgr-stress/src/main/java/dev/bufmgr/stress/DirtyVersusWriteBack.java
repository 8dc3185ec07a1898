package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.IO_IN_PROGRESS;
import static dev.bufmgr.core.buffer.BufferState.has;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.BufferTransitions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZ_Result;

/**
 * A change to a page against its write-back. One buffer holds a page at content version 1, pinned
 * by both threads, already dirty (marked by {@link BufferTransitions#markDirty}, as the pool leaves
 * it). A writer changes the page to version 2 and marks it dirty; a flusher writes the page back
 * ({@link BufferTransitions#startWrite}, reads the version it writes, {@link
 * BufferTransitions#finishWrite}), as the pool's eviction path and a background writer do. The
 * buffer may end clean only if what was written is the final version: otherwise the change is
 * lost (PostgreSQL keeps it dirty through BM_JUST_DIRTIED).
 *
 * <p>No content lock orders the writer and the flusher here; the pool takes none either.
 *
 * <p>Result: (version written, or -1 if the write left I/O in progress; dirty at the end).
 */
@JCStressTest
@Outcome(id = "2, false", expect = ACCEPTABLE,
    desc = "The change came before the write began; the write carried version 2; clean.")
@Outcome(id = "1, true", expect = ACCEPTABLE,
    desc = "The write carried version 1; the change was marked during or after it; still dirty.")
@Outcome(id = "2, true", expect = ACCEPTABLE,
    desc = "The write carried version 2 but was marked dirty again while running; dirty (one write to spare).")
@Outcome(id = "1, false", expect = FORBIDDEN,
    desc = "Lost change: the write carried version 1, yet the buffer ended clean.")
@Outcome(expect = FORBIDDEN, desc = "The write did not start on a dirty buffer, or left I/O in progress.")
@State
public class DirtyVersusWriteBack {
  private static final long PAGE = 7;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  /** The page's contents, reduced to a version number. */
  private int pageVersion = 1;

  public DirtyVersusWriteBack() {
    StressBuffers.install(descriptors, 0, PAGE, 2, 1);
    BufferTransitions.markDirty(descriptors, 0, 0);
  }

  @Actor
  public void writer() {
    pageVersion = 2;
    BufferTransitions.markDirty(descriptors, 0, 0);
  }

  @Actor
  public void flusher(IZ_Result r) {
    if (BufferTransitions.startWrite(descriptors, 0)) {
      r.r1 = pageVersion;
      BufferTransitions.finishWrite(descriptors, 0);
    } else {
      r.r1 = 0;
    }
  }

  @Arbiter
  public void finalState(IZ_Result r) {
    long st = descriptors.state(0);
    if (has(st, IO_IN_PROGRESS)) r.r1 = -1;
    r.r2 = has(st, DIRTY);
    StressBuffers.giveBack(descriptors);
  }
}
