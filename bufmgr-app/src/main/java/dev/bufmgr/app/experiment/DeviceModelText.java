package dev.bufmgr.app.experiment;

import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.device.PageCacheSettings;

/**
 * The words an experiment's summary uses for the device model its pipeline runs ran: the operating
 * system's page cache with its settings, or the direct model. PostgreSQL's {@code FlushBuffer}
 * waits for {@code XLogFlush} up to the page's LSN and then {@code write()}s the page into the
 * kernel's cache; only the direct model makes the writer wait for the device as well.
 */
final class DeviceModelText {
  private DeviceModelText() {}

  /** A short name: {@code "page cache"} or {@code "direct"}. */
  static String label(PageCacheSettings cache) {
    return cache == null ? "direct" : "page cache";
  }

  /** One sentence naming the model, its settings, and what a data-page write costs its writer under it. */
  static String sentence(PageCacheSettings cache) {
    if (cache == null) {
      return "Device model: direct (`--page-cache off`): every data-page write is queued on the device beside the log "
          + "flushes and its writer waits for it; reads cost nothing.";
    }
    return "Device model: the operating system's page cache (`--page-cache " + cache.spec() + "`): a data-page write "
        + "costs its writer the copy into the cache (" + Durations.format(cache.copyNanos()) + ") after the log is durable "
        + "up to the page's LSN; the kernel writes dirty pages back (past " + (cache.backgroundBytes() >> 20) + " MB dirty, "
        + "or " + Durations.format(cache.expireNanos()) + " old, looked at every " + Durations.format(cache.writebackNanos())
        + "), a checkpoint's fsync forces the rest, both on the device the log flushes use; a read that misses pool and "
        + "cache costs a device read.";
  }
}
