package dev.bufmgr.core.table;

/**
 * A set of longs by open addressing ({@link LongKeyTable}): a lookup reads one array, so a key not
 * seen lately costs one cache miss. Any long may be a member. Not thread-safe.
 */
public final class LongHashSet extends LongKeyTable {
  /** A set with room for {@code expected} members before it first grows. */
  public LongHashSet(int expected) {
    super(expected, false);
  }

  /** Adds {@code key}; returns true when it was not a member before. */
  public boolean add(long key) {
    if (key == FREE) {
      if (freeKeyValue >= 0) return false;
      freeKeyValue = 0;
      return true;
    }
    int i = find(key);
    if (i >= 0) return false;
    keys[-i - 1] = key;
    added();
    return true;
  }

  /** Whether {@code key} is a member. */
  public boolean contains(long key) {
    return key == FREE ? freeKeyValue >= 0 : find(key) >= 0;
  }

  /** Removes {@code key}; returns true when it was a member. */
  public boolean remove(long key) {
    if (key == FREE) {
      boolean was = freeKeyValue >= 0;
      freeKeyValue = -1;
      return was;
    }
    int i = find(key);
    if (i < 0) return false;
    deleteAt(i);
    return true;
  }
}
