package dev.bufmgr.wal.crash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Every file state a power loss could leave, built from the changes a {@link MemoryStorage}
 * recorded, as the crash-consistency literature does (ALICE: Pillai et al., OSDI 2014;
 * CrashMonkey: Mohan et al., OSDI 2018). At a crash point (between two recorded changes):
 *
 * <ul>
 *   <li>every write forced before it is kept;
 *   <li>each write since its file's last force is dropped, kept, or torn: a subset of its
 *       512-byte or 4 KiB blocks kept, in any order (a later block may persist without an earlier
 *       one);
 *   <li>the creations, renames and removals since the last force of the directory are undone
 *       from the newest back: some newest part of them is lost.
 * </ul>
 *
 * The states of a point are enumerated systematically where that is small (nothing lost,
 * everything lost, each write alone lost or kept, each write torn to every prefix and suffix of
 * its blocks) and sampled with a seeded generator beyond that.
 */
public final class CrashStates {
  /** Block sizes a write may be torn at. */
  static final int[] GRANULARITIES = {512, 4096};
  private static final int MAX_TEARS_PER_WRITE = 6;

  private final List<Operation> operations;

  /** The crash states of a recorded run. */
  public CrashStates(List<Operation> operations) {
    this.operations = List.copyOf(operations);
  }

  /** What is checked of each state. */
  @FunctionalInterface
  public interface Check {
    /**
     * @param point the crash point: the number of recorded changes and marks before it
     * @param state a fresh storage holding the files the power loss left
     * @param acknowledged the marks recorded before the crash point
     * @param how what was lost or torn, for messages
     */
    void check(int point, MemoryStorage state, List<Operation.Mark> acknowledged, String how);
  }

  /**
   * Builds the states of every {@code stride}-th crash point (all of them for 1), {@code samples}
   * random ones per point besides the systematic ones, and calls {@code check} with each.
   *
   * @return the number of states checked
   */
  public long forEach(int stride, int samples, long seed, Check check) {
    SplittableRandom rng = new SplittableRandom(seed);
    Map<Integer, byte[]> durable = new HashMap<>();
    Map<Integer, List<Operation.Write>> pending = new HashMap<>();
    Map<String, Integer> durableNames = new HashMap<>();
    Map<String, Integer> names = new HashMap<>();
    List<Operation> pendingDir = new ArrayList<>();
    List<Operation.Mark> acks = new ArrayList<>();
    long states = 0;
    for (int point = 0; point <= operations.size(); point++) {
      if (point % stride == 0 || point == operations.size()) {
        states += statesAt(point, durable, pending, durableNames, pendingDir, List.copyOf(acks), samples, rng, check);
      }
      if (point == operations.size()) break;
      switch (operations.get(point)) {
        case Operation.Create c -> {
          names.put(c.name(), c.inode());
          durable.put(c.inode(), new byte[0]);
          pendingDir.add(c);
        }
        case Operation.Write w -> pending.computeIfAbsent(w.inode(), k -> new ArrayList<>()).add(w);
        case Operation.Force f -> {
          byte[] content = durable.get(f.inode());
          for (Operation.Write w : pending.getOrDefault(f.inode(), List.of())) content = apply(content, w, null, 1);
          durable.put(f.inode(), content);
          pending.remove(f.inode());
        }
        case Operation.Rename r -> {
          names.put(r.to(), names.remove(r.from()));
          pendingDir.add(r);
        }
        case Operation.Delete d -> {
          names.remove(d.name());
          pendingDir.add(d);
        }
        case Operation.ForceDirectory fd -> {
          durableNames.clear();
          durableNames.putAll(names);
          pendingDir.clear();
        }
        case Operation.Mark m -> acks.add(m);
      }
    }
    return states;
  }

  /** A choice for each pending write: null keeps it whole, an empty array drops it, else the blocks kept. */
  private long statesAt(
      int point, Map<Integer, byte[]> durable, Map<Integer, List<Operation.Write>> pending,
      Map<String, Integer> durableNames, List<Operation> pendingDir, List<Operation.Mark> acks, int samples,
      SplittableRandom rng, Check check) {
    List<Operation.Write> writes = new ArrayList<>();
    for (List<Operation.Write> l : pending.values()) writes.addAll(l);
    writes.sort((a, b) -> Integer.compare(operations.indexOf(a), operations.indexOf(b)));
    int n = writes.size();
    int dirOps = pendingDir.size();
    List<Object[]> choices = new ArrayList<>();
    List<String> hows = new ArrayList<>();
    choices.add(new Object[] {uniform(n, null), dirOps});
    hows.add("every unforced write kept");
    if (n > 0 || dirOps > 0) {
      choices.add(new Object[] {uniform(n, new boolean[0]), 0});
      hows.add("every unforced write and directory change lost");
    }
    for (int i = 0; i < n && n > 1; i++) {
      boolean[][] only = uniform(n, new boolean[0]);
      only[i] = null;
      choices.add(new Object[] {only, dirOps});
      hows.add("only unforced write " + i + " of " + n + " kept");
      boolean[][] but = uniform(n, null);
      but[i] = new boolean[0];
      choices.add(new Object[] {but, dirOps});
      hows.add("unforced write " + i + " of " + n + " lost");
    }
    for (int i = 0; i < n; i++) {
      for (int g : GRANULARITIES) {
        int blocks = blocks(writes.get(i), g);
        if (blocks < 2) continue;
        int step = Math.max(1, blocks / MAX_TEARS_PER_WRITE);
        for (int k = step; k < blocks; k += step) {
          boolean[][] prefix = uniform(n, null);
          prefix[i] = range(blocks, 0, k);
          choices.add(new Object[] {prefix, dirOps, g});
          hows.add("unforced write " + i + " torn at " + g + " bytes: first " + k + " of " + blocks + " blocks");
          boolean[][] suffix = uniform(n, null);
          suffix[i] = range(blocks, k, blocks);
          choices.add(new Object[] {suffix, dirOps, g});
          hows.add("unforced write " + i + " torn at " + g + " bytes: last " + (blocks - k) + " of " + blocks + " blocks (out of order)");
        }
      }
    }
    for (int d = 1; d < dirOps; d++) {
      choices.add(new Object[] {uniform(n, null), d});
      hows.add("the newest " + (dirOps - d) + " of " + dirOps + " directory changes lost");
    }
    for (int s = 0; s < samples && (n > 0 || dirOps > 0); s++) {
      int g = GRANULARITIES[rng.nextInt(GRANULARITIES.length)];
      boolean[][] pick = new boolean[n][];
      for (int i = 0; i < n; i++) {
        int r = rng.nextInt(3);
        if (r == 0) {
          pick[i] = null;
        } else if (r == 1) {
          pick[i] = new boolean[0];
        } else {
          boolean[] keep = new boolean[Math.max(1, blocks(writes.get(i), g))];
          for (int b = 0; b < keep.length; b++) keep[b] = rng.nextBoolean();
          pick[i] = keep;
        }
      }
      choices.add(new Object[] {pick, dirOps == 0 ? 0 : rng.nextInt(dirOps + 1), g});
      hows.add("random state " + s + " (seeded), blocks of " + g);
    }
    for (int c = 0; c < choices.size(); c++) {
      Object[] choice = choices.get(c);
      int g = choice.length > 2 ? (Integer) choice[2] : GRANULARITIES[0];
      MemoryStorage state = build(durable, writes, (boolean[][]) choice[0], g, durableNames, pendingDir, (Integer) choice[1]);
      check.check(point, state, acks, "crash point " + point + ": " + hows.get(c));
    }
    return choices.size();
  }

  private MemoryStorage build(
      Map<Integer, byte[]> durable, List<Operation.Write> writes, boolean[][] pick, int granularity,
      Map<String, Integer> durableNames, List<Operation> pendingDir, int dirKept) {
    Map<String, Integer> names = new HashMap<>(durableNames);
    for (int i = 0; i < dirKept; i++) {
      switch (pendingDir.get(i)) {
        case Operation.Create c -> names.put(c.name(), c.inode());
        case Operation.Rename r -> {
          Integer inode = names.remove(r.from());
          if (inode != null) names.put(r.to(), inode);
        }
        case Operation.Delete d -> names.remove(d.name());
        default -> throw new IllegalStateException("not a directory change");
      }
    }
    Map<Integer, byte[]> content = new HashMap<>();
    for (int inode : names.values()) content.put(inode, durable.get(inode));
    for (int i = 0; i < writes.size(); i++) {
      Operation.Write w = writes.get(i);
      if (!content.containsKey(w.inode())) continue;
      boolean[] keep = pick[i];
      if (keep != null && keep.length == 0) continue;
      content.put(w.inode(), apply(content.get(w.inode()), w, keep, granularity));
    }
    Map<String, byte[]> files = new HashMap<>();
    for (Map.Entry<String, Integer> e : names.entrySet()) files.put(e.getKey(), content.get(e.getValue()));
    return MemoryStorage.of(files);
  }

  /** {@code content} with write {@code w} applied: whole ({@code keep} null) or the kept blocks of {@code granularity}. */
  private static byte[] apply(byte[] content, Operation.Write w, boolean[] keep, int granularity) {
    long end = w.position() + w.bytes().length;
    if (keep == null) {
      byte[] out = Arrays.copyOf(content, (int) Math.max(content.length, end));
      System.arraycopy(w.bytes(), 0, out, (int) w.position(), w.bytes().length);
      return out;
    }
    byte[] out = content;
    int block = 0;
    for (long from = w.position(); from < end; block++) {
      long to = Math.min(end, (from / granularity + 1) * granularity);
      if (keep[block]) {
        if (to > out.length) out = Arrays.copyOf(out, (int) to);
        else if (out == content) out = content.clone();
        System.arraycopy(w.bytes(), (int) (from - w.position()), out, (int) from, (int) (to - from));
      }
      from = to;
    }
    return out;
  }

  private static int blocks(Operation.Write w, int granularity) {
    long first = w.position() / granularity;
    long last = (w.position() + w.bytes().length - 1) / granularity;
    return (int) (last - first + 1);
  }

  private static boolean[][] uniform(int n, boolean[] each) {
    boolean[][] a = new boolean[n][];
    for (int i = 0; i < n; i++) a[i] = each;
    return a;
  }

  private static boolean[] range(int blocks, int from, int to) {
    boolean[] keep = new boolean[blocks];
    for (int b = from; b < to; b++) keep[b] = true;
    return keep;
  }
}
