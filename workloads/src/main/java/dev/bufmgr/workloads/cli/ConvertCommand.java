package dev.bufmgr.workloads.cli;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.report.OutputTarget;
import dev.bufmgr.workloads.trace.BinaryTraceWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bufmgr convert}: any trace or workload to the compact binary form, once. */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description = "Convert a trace (any format) or a synthetic workload to the binary form (.bft) replayed without parsing.")
public final class ConvertCommand implements Runnable, WritesOutputs {
  @Mixin InputOptions input;

  @Option(names = "--out", paramLabel = "FILE.bft", required = true, description = "The binary trace to write.")
  Path out;

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.file("--out", out));
  }

  @Override
  public void run() {
    long start = System.nanoTime();
    EventSource source = input.open();
    String fields = source.carries().isEmpty() ? "page ids only"
        : source.carries().stream().map(EventField::label).collect(Collectors.joining(", "));
    long n = BinaryTraceWriter.write(source, out);
    System.err.printf(java.util.Locale.ROOT, "bufmgr: wrote %d events (%s) to %s in %.1f s%n",
        n, fields, out, (System.nanoTime() - start) / 1e9);
  }
}
