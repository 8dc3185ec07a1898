package dev.bufmgr.core.pipeline;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;
import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.has;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.pool.BufferTransitions;
import java.util.Arrays;

/**
 * A checkpoint's list of buffers to write, as PostgreSQL's {@code BufferSync} makes it: one pass
 * over every buffer flags those dirty at this moment ({@code BM_CHECKPOINT_NEEDED}); buffers
 * dirtied later are not included. The list is sorted by page ({@code ckpt_buforder_comparator}:
 * tablespace, relation, fork, block, which a page id orders the same way).
 */
public final class CheckpointWork {
  private CheckpointWork() {}

  /** Flags every dirty buffer for the checkpoint and returns them sorted by the page they hold. */
  public static int[] markDirtyBuffers(Descriptors d) {
    int n = d.frames();
    int[] buffers = new int[Math.min(n, 1024)];
    long[] pages = new long[buffers.length];
    int count = 0;
    for (int b = 0; b < n; b++) {
      if (!has(d.state(b), DIRTY | TAG_VALID)) continue;
      if (!BufferTransitions.markForCheckpoint(d, b)) continue;
      if (count == buffers.length) {
        buffers = Arrays.copyOf(buffers, Math.min(n, count * 2));
        pages = Arrays.copyOf(pages, buffers.length);
      }
      pages[count] = d.tag(b);
      buffers[count++] = b;
    }
    sort(pages, buffers, 0, count - 1);
    return Arrays.copyOf(buffers, count);
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

  /** Whether buffer {@code b} is still owed to the running checkpoint. */
  public static boolean owed(Descriptors d, int b) {
    return has(d.state(b), CHECKPOINT_NEEDED);
  }
}
