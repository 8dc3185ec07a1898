package dev.bufmgr.eviction.lru;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain 2Q written from libCacheSim's TwoQ.c as three sub-caches, sharing no code with the
 * selector: A1in a FIFO (insertion-ordered map), A1out a FIFO of ids, Am an LRU (access-ordered
 * map) with its own capacity of N - kin, which evicts on its own when full, as libCacheSim's does.
 */
final class TwoQModel {
  private final int frames;
  private final int kin;
  private final int kout;
  private final LinkedHashMap<Long, Boolean> in = new LinkedHashMap<>();
  private final LinkedHashMap<Long, Boolean> out = new LinkedHashMap<>();
  private final LinkedHashMap<Long, Boolean> main = new LinkedHashMap<>(16, 0.75f, true);
  private long ghostHits;
  private long inEvictions;
  private long mainEvictions;

  TwoQModel(int frames, double inRatio, double outRatio) {
    this.frames = frames;
    this.kin = (int) (frames * inRatio);
    this.kout = (int) (frames * outRatio);
  }

  /** Serves one read; returns whether it hit. */
  boolean access(long page) {
    if (in.containsKey(page)) return true;
    boolean ghost = out.remove(page) != null;
    if (main.get(page) != null) return true;
    while (in.size() + main.size() + 1 > frames) evict();
    if (ghost) {
      ghostHits++;
      if (main.size() + 1 > frames - kin) {
        removeOldest(main);
        mainEvictions++;
      }
      main.put(page, Boolean.TRUE);
    } else {
      in.put(page, Boolean.TRUE);
    }
    return false;
  }

  private void evict() {
    if (in.size() > kin) {
      long page = removeOldest(in);
      inEvictions++;
      if (kout > 0 && !out.containsKey(page)) {
        if (out.size() + 1 > kout) removeOldest(out);
        out.put(page, Boolean.TRUE);
      }
      return;
    }
    removeOldest(main);
    mainEvictions++;
  }

  /** The counts the selector publishes, under its names. */
  Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("ghostHits", ghostHits);
    c.put("inEvictions", inEvictions);
    c.put("mainEvictions", mainEvictions);
    return c;
  }

  private static long removeOldest(LinkedHashMap<Long, Boolean> map) {
    Iterator<Long> it = map.keySet().iterator();
    long page = it.next();
    it.remove();
    return page;
  }

  boolean contains(long page) {
    return in.containsKey(page) || main.containsKey(page);
  }
}
