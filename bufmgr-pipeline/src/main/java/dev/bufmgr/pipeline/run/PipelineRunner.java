package dev.bufmgr.pipeline.run;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.pipeline.PipelineSimulation;
import dev.bufmgr.pipeline.RealTimePipeline;
import dev.bufmgr.pipeline.RunObserver;
import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.UncheckedIOException;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.VirtualWal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs the pipeline for every selector under every commit policy, in the simulation or in real
 * time, each run on a fresh pool, log and device and a fresh copy of the input (on {@code file:},
 * a run folder that {@code pipeline-recover} left is continued: its log and data file kept).
 */
public final class PipelineRunner {
  private PipelineRunner() {}

  /** One run and what it measured. */
  public record Outcome(PipelineRun run, PipelineResult result) {}

  /**
   * @param progress receives one line per finished run, or null
   * @throws IllegalArgumentException on a bad selector, an impossible configuration, or a run the
   *     policy can never finish
   */
  public static List<Outcome> run(PipelineSettings settings, PipelineInput input, PipelineDevice device,
      List<Spec> selectors, List<PolicyFactory> policies, SelectorRegistry registry, Consumer<String> progress) {
    return run(settings, input, device, selectors, List.of(), policies, registry, progress);
  }

  /** {@link #run}, then each of {@code pools} (pools side by side, {@code --pools}) under every policy. */
  public static List<Outcome> run(PipelineSettings settings, PipelineInput input, PipelineDevice device,
      List<Spec> selectors, List<NamedPools> pools, List<PolicyFactory> policies, SelectorRegistry registry,
      Consumer<String> progress) {
    List<PipelineRun> runs = new ArrayList<>();
    List<PipelineConfig> configs = new ArrayList<>();
    for (Spec sel : selectors) {
      String selector = registry.validate(sel).canonicalName();
      for (PolicyFactory p : policies) {
        configs.add(settings.config(sel, p));
        runs.add(new PipelineRun(settings, selector, p.spec(), input.name(), device.spec(),
            settings.realTime() ? settings.flushModeFor(p).spec() : null));
      }
    }
    for (NamedPools np : pools) {
      for (PolicyFactory p : policies) {
        configs.add(settings.config(np.pools().get(np.poolOf(0)).selector(), p).withPools(np));
        runs.add(new PipelineRun(settings, "pools[" + np.canonical() + "]", p.spec(), input.name(), device.spec(), null));
      }
    }
    if (settings.realTime()) device.checkRunFolders(runs.size());
    List<Outcome> out = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      PipelineResult r = runOne(configs.get(i), runs.get(i), settings.realTime(), input, device, registry, i + 1, progress);
      out.add(new Outcome(runs.get(i), r));
      if (progress != null) {
        progress.accept(String.format(Locale.ROOT, "[%d/%d] %s: %,d transactions in %.1f s %s (%,.0f tps, p99 %.2f ms), %.2f s wall%s",
            i + 1, runs.size(), runs.get(i).label(), r.transactions(), r.elapsedNanos() / 1e9,
            settings.realTime() ? "real" : "virtual", r.throughput(), r.transactionLatency().p99() / 1e6, r.wallNanos() / 1e9,
            settings.realTime() ? "" : String.format(Locale.ROOT, " (%,.0f simulated transactions/s)", r.transactionsPerWallSecond())));
      }
    }
    return out;
  }

  private static PipelineResult runOne(PipelineConfig config, PipelineRun run, boolean realTime, PipelineInput input,
      PipelineDevice device, SelectorRegistry registry, int index, Consumer<String> progress) {
    if (!realTime) {
      return new PipelineSimulation(config, input.open(), device.model(), registry, new VirtualWal(LogFormat.FIRST_LSN)).run();
    }
    try (PipelineDevice.Opened d = device.open(index, config.seed());
        RunRecords records = d.folder() == null ? null : RunRecords.open(d.folder(), run, d.continued())) {
      if (d.continued() && progress != null) {
        progress.accept(d.folder() + ": continuing the recovered run, its log from LSN " + d.startLsn());
      }
      return new RealTimePipeline(config, input.open(), d.device(), d.startLsn(), registry,
          records == null ? RunObserver.NONE : records, d.firstCommitId()).run();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the run's records in " + device.spec() + ": " + IoReasons.of(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
