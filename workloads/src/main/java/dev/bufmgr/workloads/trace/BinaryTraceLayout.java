package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import java.util.EnumSet;
import java.util.Set;

/**
 * The compact binary trace form ({@code .bft}), all little-endian. A 32-byte header:
 *
 * <pre>
 *   offset  0  8 bytes  magic "BUFMGRTR"
 *   offset  8  int      version (1)
 *   offset 12  int      fields: bit i set when the events carry EventField ordinal i
 *   offset 16  long     event count
 *   offset 24  int      events per block at most
 *   offset 28  int      reserved, 0
 * </pre>
 *
 * then blocks, each {@code int n} (1..events per block), {@code n} longs (page ids) and, when
 * any field is carried, {@code n} ints (packed meta, {@link dev.bufmgr.core.event.EventMeta}).
 * Replay copies blocks straight into batch arrays; nothing is parsed.
 */
public final class BinaryTraceLayout {
  /** The magic number's bytes. */
  public static final byte[] MAGIC = {'B', 'U', 'F', 'M', 'G', 'R', 'T', 'R'};
  /** The layout version written and accepted. */
  public static final int VERSION = 1;
  /** Header size in bytes. */
  public static final int HEADER_BYTES = 32;
  /** Offset of the version int. */
  public static final int VERSION_OFFSET = 8;
  /** Offset of the fields bitmask. */
  public static final int FIELDS_OFFSET = 12;
  /** Offset of the event count. */
  public static final int COUNT_OFFSET = 16;
  /** Offset of the block capacity. */
  public static final int BLOCK_OFFSET = 24;
  /** Events per block written by this version. */
  public static final int BLOCK_EVENTS = 1 << 14;
  /** The usual file name suffix. */
  public static final String SUFFIX = ".bft";

  private BinaryTraceLayout() {}

  /** The bitmask for a set of fields. */
  public static int mask(Set<EventField> fields) {
    int m = 0;
    for (EventField f : fields) m |= 1 << f.ordinal();
    return m;
  }

  /** The fields of a bitmask; throws on bits no field has. */
  public static Set<EventField> fields(int mask) {
    EnumSet<EventField> set = EnumSet.noneOf(EventField.class);
    for (EventField f : EventField.values()) {
      if ((mask & (1 << f.ordinal())) != 0) set.add(f);
    }
    if (mask(set) != mask) throw new IllegalArgumentException("unknown field bits 0x" + Integer.toHexString(mask));
    return set;
  }
}
