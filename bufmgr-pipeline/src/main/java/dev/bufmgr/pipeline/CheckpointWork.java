package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.has;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.wal.device.StoredPages;
import dev.bufmgr.core.buffer.BufferTransitions;
import java.util.Arrays;

/**
 * A checkpoint's list of buffers to write, as PostgreSQL's {@code BufferSync} makes it: one pass
 * over every buffer flags those dirty at this moment ({@code BM_CHECKPOINT_NEEDED}); buffers
 * dirtied later are not included. The list is sorted by page ({@code ckpt_buforder_comparator}:
 * tablespace, relation, fork, block, which a page id orders the same way).
 */
public final class CheckpointWork {
  private CheckpointWork() {}

  /**
   * What a checkpoint flagged when it began: the buffers in page order, with each one's page and
   * its LSN when it was flagged, and the checkpoint's redo point, so its completion can be
   * checked.
   *
   * @param buffers the flagged buffers, sorted by page
   * @param pages the page each held
   * @param lsns the page's LSN when it was flagged
   * @param redo the checkpoint's redo point
   */
  public record Marked(int[] buffers, long[] pages, long[] lsns, long redo) {
    /**
     * Checks the checkpoint's completeness: every page dirty when it began, and not changed again
     * after its redo point (a later change is in the log after the redo point, which recovery
     * replays), is on storage at least in the version it had then, written by the checkpointer or
     * by any other writer.
     *
     * @throws IllegalStateException naming the first page that is not
     */
    public void verify(StoredPages stored) {
      for (int i = 0; i < pages.length; i++) {
        if (lsns[i] > redo) continue;
        long onStorage = stored.lsn(pages[i]);
        if (onStorage < lsns[i]) {
          throw new IllegalStateException("checkpoint incomplete: page " + pages[i] + " was dirty at the redo point " + redo
              + " with LSN " + lsns[i] + ", and storage holds only LSN " + onStorage + " when the checkpoint completes");
        }
      }
    }
  }

  /**
   * Flags every dirty buffer for the checkpoint whose redo point is {@code redo} and returns them
   * in page order, with their pages and their LSNs read as each was flagged.
   */
  public static Marked mark(Descriptors d, long redo) {
    return mark(new Descriptors[] {d}, redo);
  }

  /**
   * {@link #mark(Descriptors, long)} over several pools side by side ({@code --pools}): buffer
   * {@code b} of pool {@code k} is numbered {@code b} plus the frames of pools {@code 0..k-1}
   * ({@link #globalOffsets}), and one sorted list holds every pool's flagged buffers, as
   * PostgreSQL's one {@code BufferSync} pass would over one array.
   */
  public static Marked mark(Descriptors[] pools, long redo) {
    int[] offsets = globalOffsets(pools);
    int n = offsets[pools.length];
    int[] buffers = new int[Math.min(n, 1024)];
    long[] pages = new long[buffers.length];
    long[] lsns = new long[buffers.length];
    int count = 0;
    for (int k = 0; k < pools.length; k++) {
      Descriptors d = pools[k];
      for (int b = 0; b < d.frames(); b++) {
        if (!has(d.state(b), DIRTY | TAG_VALID)) continue;
        if (!BufferTransitions.markForCheckpoint(d, b)) continue;
        if (count == buffers.length) {
          buffers = Arrays.copyOf(buffers, Math.min(n, count * 2));
          pages = Arrays.copyOf(pages, buffers.length);
          lsns = Arrays.copyOf(lsns, buffers.length);
        }
        lsns[count] = d.lsn(b);
        pages[count] = d.tag(b);
        buffers[count++] = offsets[k] + b;
      }
    }
    int[] order = new int[count];
    for (int i = 0; i < count; i++) order[i] = i;
    long[] keys = Arrays.copyOf(pages, count);
    sort(keys, order, 0, count - 1);
    int[] sortedBuffers = new int[count];
    long[] sortedLsns = new long[count];
    for (int i = 0; i < count; i++) {
      sortedBuffers[i] = buffers[order[i]];
      sortedLsns[i] = lsns[order[i]];
    }
    return new Marked(sortedBuffers, keys, sortedLsns, redo);
  }

  /** The first global buffer number of each pool, and the total frames last. */
  public static int[] globalOffsets(Descriptors[] pools) {
    int[] offsets = new int[pools.length + 1];
    for (int k = 0; k < pools.length; k++) offsets[k + 1] = Math.addExact(offsets[k], pools[k].frames());
    return offsets;
  }

  /** The pool of global buffer number {@code global} under {@code offsets} ({@link #globalOffsets}). */
  public static int poolOf(int[] offsets, int global) {
    int k = 0;
    while (offsets[k + 1] <= global) k++;
    return k;
  }

  /** Sorts {@code keys[lo..hi]} ascending, moving {@code values} alongside. */
  private static void sort(long[] keys, int[] values, int lo, int hi) {
    while (hi - lo > 16) {
      long pivot = keys[(lo + hi) >>> 1];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (keys[i] < pivot) i++;
        while (keys[j] > pivot) j--;
        if (i <= j) swap(keys, values, i++, j--);
      }
      if (j - lo < hi - i) {
        sort(keys, values, lo, j);
        lo = i;
      } else {
        sort(keys, values, i, hi);
        hi = j;
      }
    }
    for (int i = lo + 1; i <= hi; i++) {
      for (int k = i; k > lo && keys[k - 1] > keys[k]; k--) swap(keys, values, k, k - 1);
    }
  }

  private static void swap(long[] keys, int[] values, int a, int b) {
    long k = keys[a];
    keys[a] = keys[b];
    keys[b] = k;
    int v = values[a];
    values[a] = values[b];
    values[b] = v;
  }

}
