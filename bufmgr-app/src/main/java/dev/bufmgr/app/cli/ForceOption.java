package dev.bufmgr.app.cli;

import picocli.CommandLine.Option;

/**
 * {@code --force}: lets a command write where it would otherwise refuse, without ever touching
 * what it did not write: an existing output file is replaced, and a results folder that holds
 * other files is written beside them (only the files this program wrote there before, named in the
 * folder's manifest, are replaced). The checks are {@code OutputTarget.check}.
 */
public final class ForceOption {
  @Option(names = "--force", description = "Replace an existing output file; in a results folder that holds other files, "
      + "write beside them, replacing only the files bufmgr wrote there (named in its .bufmgr-manifest).")
  boolean force;

  /** Whether {@code --force} was given. */
  public boolean force() {
    return force;
  }
}
