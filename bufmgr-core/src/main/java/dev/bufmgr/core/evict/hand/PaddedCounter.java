package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Sharing;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A 64-bit counter advanced by atomic add, alone on its cache lines (padding by class layers, as
 * JCTools does, so the hot word shares no line with other fields). An {@link Sharing#EXCLUSIVE}
 * counter, for one thread, adds with a plain read and write.
 */
final class PaddedCounter extends PaddedCounterValue {
  long p10, p11, p12, p13, p14, p15, p16, p17;
  long p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
  private final boolean exclusive;

  PaddedCounter(Sharing sharing) {
    this.exclusive = sharing == Sharing.EXCLUSIVE;
  }

  /** Adds {@code delta} and returns the value before the add. */
  long getAndAdd(long delta) {
    if (!exclusive) return (long) VALUE.getAndAdd(this, delta);
    long before = (long) VALUE.get(this);
    VALUE.set(this, before + delta);
    return before;
  }

  /** The current value. */
  long get() {
    return (long) VALUE.getVolatile(this);
  }
}

/** The padding before the counter. */
abstract class PaddedCounterPrefix {
  long p00, p01, p02, p03, p04, p05, p06, p07;
  long p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The counter word itself. */
abstract class PaddedCounterValue extends PaddedCounterPrefix {
  static final VarHandle VALUE;

  static {
    try {
      VALUE = MethodHandles.lookup().findVarHandle(PaddedCounterValue.class, "value", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  volatile long value;
}
