package dev.bufmgr.app.cli;

import dev.bufmgr.wal.device.PageCacheSettings;
import picocli.CommandLine.Option;

/**
 * {@code --page-cache}: the operating system's page cache between the pool and the device
 * ({@link PageCacheSettings}), shared by {@code bufmgr pipeline} and the experiments that run the
 * pipeline, so that both run the same device model at the same defaults unless told otherwise.
 */
public final class PageCacheOption {
  @Option(names = "--page-cache", paramLabel = "k=v,...|0|off", defaultValue = "on", description = {
      "The operating system's page cache between the pool and the device (default: on, at size=16GB,copy=10us,",
      "  background=2GB,expire=30s,writeback=5s,checkpointFlushAfter=256kB,bgwriterFlushAfter=512kB,backendFlushAfter=0,",
      "  read=<the device's flush cost>,prewarm=on,batch=1280kB; any subset overrides): page writes cost the copy and dirty the",
      "  page, the kernel writes back by dirty_background_bytes and dirty_expire_centisecs (checked every",
      "  dirty_writeback_centisecs), the checkpoint's fsync forces the rest, *_flush_after start writeback early,",
      "  and a read that misses pool and cache costs a device read. 0 or off: the direct model (every page write",
      "  queued on the device, reads free), as before the cache. Applies to model devices, not file:."})
  String text;

  /**
   * The settings given, or {@code null} for the direct model; a bad value fails in one line naming
   * {@code --page-cache}.
   */
  public PageCacheSettings settings() {
    try {
      return PageCacheSettings.parse(text);
    } catch (IllegalArgumentException e) {
      throw new CliFailure(e.getMessage());
    }
  }

  /** {@code " --page-cache VALUE"} when a value other than the default was given, else {@code ""}. */
  public String arguments() {
    return text.trim().equals("on") ? "" : " --page-cache " + text.trim();
  }
}
