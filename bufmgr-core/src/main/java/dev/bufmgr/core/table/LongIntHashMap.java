package dev.bufmgr.core.table;

/**
 * A map from long keys to non-negative ints by open addressing ({@link LongKeyTable}), keys and
 * values in two arrays, no object per entry. Any long may be a key; {@link #ABSENT} stands for a
 * missing value. Not thread-safe.
 */
public final class LongIntHashMap extends LongKeyTable {
  /** What lookups return for a key the map lacks. */
  public static final int ABSENT = -1;

  /** A map with room for {@code expected} entries before it first grows. */
  public LongIntHashMap(int expected) {
    super(expected, true);
  }

  /** The value of {@code key}, or {@link #ABSENT}. */
  public int get(long key) {
    if (key == FREE) return freeKeyValue;
    int i = find(key);
    return i >= 0 ? values[i] : ABSENT;
  }

  /** Sets {@code key} to {@code value}, which must be non-negative. */
  public void put(long key, int value) {
    requireValue(value);
    if (key == FREE) {
      freeKeyValue = value;
      return;
    }
    int i = find(key);
    if (i >= 0) {
      values[i] = value;
      return;
    }
    keys[-i - 1] = key;
    values[-i - 1] = value;
    added();
  }

  /** Adds {@code key} with {@code value} (non-negative) when absent; returns the value now held. */
  public int putIfAbsent(long key, int value) {
    requireValue(value);
    if (key == FREE) {
      if (freeKeyValue < 0) freeKeyValue = value;
      return freeKeyValue;
    }
    int i = find(key);
    if (i >= 0) return values[i];
    keys[-i - 1] = key;
    values[-i - 1] = value;
    added();
    return value;
  }

  /** Removes {@code key}; returns its value, or {@link #ABSENT} when it was absent. */
  public int remove(long key) {
    if (key == FREE) {
      int old = freeKeyValue;
      freeKeyValue = ABSENT;
      return old;
    }
    int i = find(key);
    if (i < 0) return ABSENT;
    int old = values[i];
    deleteAt(i);
    return old;
  }

  private static void requireValue(int value) {
    if (value < 0) throw new IllegalArgumentException("values must be non-negative, got " + value);
  }
}
