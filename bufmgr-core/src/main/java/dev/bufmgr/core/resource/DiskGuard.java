package dev.bufmgr.core.resource;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Watches the free space of the disk a file of unknown final size is written to: every {@link
 * #STEP_BYTES} written it asks the file system, and refuses to go on once the disk would fall
 * below {@link Capacity#DISK_RESERVE_BYTES}, so a long write never fills the disk.
 */
public final class DiskGuard {
  /** Bytes written between two looks at the free space. */
  public static final long STEP_BYTES = 64L << 20;

  private final String what;
  private final Path dir;
  private long nextCheck;

  /** A guard for writes of {@code what} (named in the message) into the folder {@code dir}. */
  public DiskGuard(String what, Path dir) {
    this.what = what;
    this.dir = dir;
  }

  /**
   * Checks before the file grows past {@code written} bytes.
   *
   * @throws CapacityException when less than the reserve plus one step would be left
   */
  public void check(long written) {
    if (written < nextCheck) return;
    long usable = Capacity.usableDiskBytes(what, dir);
    if (usable - STEP_BYTES < Capacity.DISK_RESERVE_BYTES) {
      throw new CapacityException(String.format(Locale.ROOT,
          "%s: stopped after %s written (nothing kept): the disk of %s would have less than %s free",
          what, Capacity.bytes(written), dir, Capacity.bytes(Capacity.DISK_RESERVE_BYTES)));
    }
    nextCheck = written + STEP_BYTES;
  }
}
