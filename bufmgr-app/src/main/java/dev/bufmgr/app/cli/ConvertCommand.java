package dev.bufmgr.app.cli;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.workloads.trace.BinaryTraceWriter;
import dev.bufmgr.workloads.trace.OracleGeneralTraceWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bufmgr convert}: any trace or workload, once, to this project's compact binary form
 * (replayed without parsing) or to libCacheSim's oracleGeneral form (for running {@code cachesim}
 * on the same requests).
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description = {
      "Convert a trace or a workload to a binary trace file.",
      "Any trace format or synthetic workload to the binary form (.bft) replayed without parsing, "
          + "or to libCacheSim's oracleGeneral form with each request's next access (--to oracleGeneral)."
    })
public final class ConvertCommand implements Runnable, WritesOutputs {
  @Mixin ForceOption force;

  /** The forms {@code convert} writes. */
  enum Target {
    /** This project's binary form, every field the input carries. */
    binary,
    /** libCacheSim's oracleGeneral records: page ids and next accesses only. */
    oracleGeneral
  }

  @Mixin InputOptions input;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "The trace to write (never the input; an existing file needs --force).")
  Path out;

  @Option(
      names = "--to",
      paramLabel = "FORM",
      defaultValue = "binary",
      description = "binary (default: every field, .bft) or oracleGeneral (libCacheSim's 24-byte records: page ids, "
          + "sizes of 1, next accesses; a pre-pass computes the next accesses; other fields are dropped).")
  Target to;

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.file("--out", out, force.force()).notAnyOf(input.trace));
  }

  @Override
  public void run() {
    long start = System.nanoTime();
    EventSource source = input.open();
    Set<EventField> carried = EnumSet.noneOf(EventField.class);
    carried.addAll(source.carries());
    long n;
    if (to == Target.binary) {
      n = BinaryTraceWriter.write(source, out);
    } else {
      source.close();
      n = OracleGeneralTraceWriter.write(input::open, out, Path.of(System.getProperty("java.io.tmpdir")));
    }
    String fields = to == Target.binary
        ? (carried.isEmpty() ? "page ids only" : labels(carried))
        : "page ids and next accesses" + (carried.isEmpty() ? "" : "; dropped: " + labels(carried));
    System.err.printf(Locale.ROOT, "bufmgr: wrote %d %s (%s) to %s in %.1f s%n",
        n, to == Target.binary ? "events" : "requests", fields, out, (System.nanoTime() - start) / 1e9);
  }

  private static String labels(Set<EventField> fields) {
    return fields.stream().map(EventField::label).collect(Collectors.joining(", "));
  }
}
