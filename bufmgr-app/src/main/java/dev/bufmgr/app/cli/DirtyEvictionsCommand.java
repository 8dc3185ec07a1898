package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.app.experiment.DirtyEvictionsExperiment;
import dev.bufmgr.results.ExperimentReport;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bufmgr experiment dirty-evictions}: see {@link DirtyEvictionsExperiment}. */
@Command(name = "dirty-evictions", mixinStandardHelpOptions = true,
    description = {
      "Which selector keeps dirty evictions off the commit path.",
      "tpcb with data 2x, 4x and 8x the pool, every selector, and what it costs in hit ratio (device: this machine's "
          + "write+fdatasync samples, behind the page cache unless --page-cache off)."
    })
public final class DirtyEvictionsCommand extends NamedExperimentCommand {
  @Option(names = "--probe", paramLabel = "FILE", description = "An fsync-probe sample file (default: measure one now in a temporary folder).")
  Path probe;

  @Mixin PageCacheOption pageCache;

  @Override
  String experimentName() {
    return "dirty-evictions";
  }

  @Override
  String ownArguments() {
    return (probe != null ? " --probe " + probe : "") + pageCache.arguments();
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    var cache = pageCache.settings();
    if (probe != null && !Files.isRegularFile(probe)) throw new CliFailure("--probe " + probe + ": no such file");
    return DirtyEvictionsExperiment.run(quick, registry, progress, probe, cache);
  }
}
