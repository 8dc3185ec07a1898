package dev.bufmgr.app.cli;

import dev.bufmgr.wal.device.EmpiricalLatency;
import dev.bufmgr.wal.device.FsyncProbe;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr fsync-probe}: measures write+fdatasync latency on the disk holding {@code --dir}
 * (a preallocated file, like a WAL segment), writes the samples as a file usable by {@code
 * --device empirical:FILE}, and prints min, p50, p90, p99, p99.9, max and lambda* = 2 / p50.
 */
@Command(
    name = "fsync-probe",
    mixinStandardHelpOptions = true,
    description = "Measures write+fdatasync latency in a directory and writes an empirical sample file.")
public final class FsyncProbeCommand implements Runnable, WritesOutputs {
  @Mixin ForceOption force;

  @Spec CommandSpec spec;

  @Option(names = "--dir", required = true, description = "Directory on the disk to probe.")
  Path dir;

  @Option(names = "--count", defaultValue = "1000", description = "Timed write+fdatasync operations (default: ${DEFAULT-VALUE}).")
  int count;

  @Option(names = "--block-bytes", defaultValue = "8192", description = "Bytes per write (default: ${DEFAULT-VALUE}).")
  int blockBytes;

  @Option(names = "--file-mib", defaultValue = "16", description = "Size of the preallocated file in MiB (default: ${DEFAULT-VALUE}).")
  int fileMib;

  @Option(names = "--samples", description = "Sample file to write (default: DIR/fsync-samples.txt).")
  Path samples;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  private Path sampleFile() {
    return samples != null ? samples : dir.resolve("fsync-samples.txt");
  }

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.file(samples != null ? "--samples" : "--dir", sampleFile(), force.force()));
  }

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    if (count < 1) throw new CliFailure("--count must be >= 1");
    if (blockBytes < 1) throw new CliFailure("--block-bytes must be >= 1");
    if (fileMib < 1 || (long) fileMib << 20 < blockBytes) throw new CliFailure("--file-mib must hold at least one block");
    if (!Files.isDirectory(dir)) throw new CliFailure("--dir " + dir + ": no such directory");
    Capacity.requireHeap("--count", count, Long.BYTES * 2, "the probe keeps every sample");
    Capacity.requireDisk("--file-mib " + fileMib, dir, (long) fileMib << 20);
    Path target = sampleFile();
    long[] ns;
    try {
      ns = FsyncProbe.measure(dir, count, blockBytes, (long) fileMib << 20);
    } catch (IOException e) {
      throw new CliFailure("--dir " + dir + ": cannot probe (" + IoReasons.of(e) + ")", e);
    }
    StringBuilder sb = new StringBuilder();
    sb.append("# bufmgr fsync-probe: write+fdatasync latency in microseconds, one per line\n");
    sb.append(String.format(Locale.ROOT, "# dir=%s count=%d blockBytes=%d fileMiB=%d%n", dir.toAbsolutePath(), count, blockBytes, fileMib));
    for (long v : ns) sb.append(String.format(Locale.ROOT, "%.3f%n", v / 1e3));
    AtomicOutput.writeString(target, sb.toString());
    EmpiricalLatency e = EmpiricalLatency.read(target);
    ResultRow row = new ResultRow()
        .put("dir", dir.toAbsolutePath().toString())
        .put("count", count)
        .put("blockBytes", blockBytes)
        .put("minMs", e.quantileNanos(0) / 1e6)
        .put("p50Ms", e.quantileNanos(0.50) / 1e6)
        .put("p90Ms", e.quantileNanos(0.90) / 1e6)
        .put("p99Ms", e.quantileNanos(0.99) / 1e6)
        .put("p999Ms", e.quantileNanos(0.999) / 1e6)
        .put("maxMs", e.quantileNanos(1.0) / 1e6)
        .put("meanMs", e.meanNanos() / 1e6)
        .put("lambdaStar", 2e9 / e.medianNanos())
        .put("samples", target.toAbsolutePath().toString());
    spec.commandLine().getOut().print(format.render(List.of(row)));
    spec.commandLine().getOut().flush();
  }
}
