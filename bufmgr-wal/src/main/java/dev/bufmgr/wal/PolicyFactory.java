package dev.bufmgr.wal;

import java.util.function.Supplier;

/**
 * A parsed release-policy spec that makes fresh policy objects (policies keep state, so every
 * run gets its own).
 *
 * @param spec the canonical spec (e.g. {@code pgdelay:delay=100us,siblings=5})
 * @param maker makes a fresh policy
 */
public record PolicyFactory(String spec, Supplier<ReleasePolicy> maker) {

  /** A fresh policy with the parsed parameters. */
  public ReleasePolicy create() {
    return maker.get();
  }
}
