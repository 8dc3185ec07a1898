package dev.bufmgr.wal.crash;

/**
 * Which page writes a power loss may leave not done, done, or torn; every other write of the
 * run so far is on storage whole.
 */
public enum Exposure {
  /**
   * The writes the device had not finished: a data file written through to stable storage (as
   * with {@code O_DIRECT} on a device that finishes a write only once it is durable).
   */
  IN_FLIGHT,
  /**
   * Every write not yet covered by a finished force of the data file: PostgreSQL writes through
   * the kernel's page cache, which writes a page back when it likes, in 4 KiB pieces, until the
   * checkpoint's {@code fsync} ({@code ProcessSyncRequests}) has returned. Wider: a write the device
   * finished may still be lost or torn.
   */
  UNFORCED;

  /** Whether write {@code w} of {@code history}, submitted at or before {@code instant}, is exposed at it. */
  boolean exposed(DataFileHistory history, int w, long instant) {
    return this == IN_FLIGHT ? history.inFlight(w, instant) : !history.forced(w, instant);
  }

  /** The mode named {@code name} ({@code in-flight} or {@code unforced}), for flags. */
  public static Exposure parse(String flag, String name) {
    for (Exposure e : values()) if (e.label().equals(name.trim().toLowerCase(java.util.Locale.ROOT))) return e;
    throw new IllegalArgumentException(flag + " must be in-flight or unforced, got '" + name + "'");
  }

  /** {@code in-flight} or {@code unforced}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
