package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.app.experiment.BgWriterExperiment;
import dev.bufmgr.results.ExperimentReport;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code bufmgr experiment bgwriter}: see {@link BgWriterExperiment}. */
@Command(name = "bgwriter", mixinStandardHelpOptions = true,
    description = {
      "What the background writer's settings buy and cost, per selector.",
      "maxPages and multiplier varied: dirty-eviction waits moved off the commit path, the writes it adds, and the "
          + "hit ratio it costs."
    })
public final class BgWriterCommand extends NamedExperimentCommand {
  @Mixin PageCacheOption pageCache;

  @Override
  String ownArguments() {
    return pageCache.arguments();
  }

  @Override
  String experimentName() {
    return "bgwriter";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return BgWriterExperiment.run(quick, registry, progress, pageCache.settings());
  }
}
