package dev.bufmgr.wal.device;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The registry of device models, each a {@link Component} written in the {@link Spec} grammar:
 * {@code fixed:f0=0.9ms}, {@code lognormal:median=1ms,p99=3ms}, {@code empirical:file=FILE} (or
 * {@code empirical:FILE}, FILE a sample file as written by {@code bufmgr fsync-probe}). Each
 * also takes {@code perbyte} and {@code write}, the device time of an unforced data-page write
 * (see {@link DeviceModel}); {@code empirical:FILE} takes neither.
 */
public final class DeviceModels {
  /** What a device is called in messages and listings. */
  public static final String KIND = "device";

  private static final String FLAG = "--device";

  /** The parameters every model takes beside its latency's. */
  private static final List<ParameterSpec> COMMON = List.of(
      ParameterSpec.duration("perbyte", "0ns", "time per byte written, beside the fixed cost"),
      ParameterSpec.duration("write", null, "fixed cost of an unforced data-page write; when absent a page write "
          + "costs what a flush does").asOptional());

  /**
   * A device model kind: its latency's parameters (then {@code perbyte} and {@code write}) and
   * what builds the latency from validated values.
   */
  public record Kind(String name, String description, List<ParameterSpec> latencyParameters,
      Function<Parameters, LatencyModel> latency) implements Component {
    @Override
    public List<ParameterSpec> parameters() {
      List<ParameterSpec> all = new ArrayList<>(latencyParameters);
      all.addAll(COMMON);
      return List.copyOf(all);
    }
  }

  private static final Registry<Kind> KINDS = Registry.of(KIND, List.of(
      new Kind("fixed", "a constant fixed cost F0 per flush",
          List.of(ParameterSpec.duration("f0", null, "the fixed cost of a flush").asRequired()),
          p -> new FixedLatency(p.nanos("f0"))),
      new Kind("lognormal", "a lognormal fixed cost given by its median and 99th percentile", List.of(
          ParameterSpec.duration("median", null, "median flush cost (> 0)").asRequired(),
          ParameterSpec.duration("p99", null, "99th percentile (>= median)").asRequired()),
          p -> {
            double median = p.nanosExact("median");
            double p99 = p.nanosExact("p99");
            if (!(median > 0) || p99 < median) throw new IllegalArgumentException("needs 0 < median <= p99");
            return new LognormalLatency(median, p99);
          }),
      new Kind("empirical", "fixed costs drawn uniformly from a sample file of bufmgr fsync-probe (empirical:FILE)",
          List.of(ParameterSpec.text("file", null, "the sample file, one latency in microseconds a line").asRequired()),
          p -> EmpiricalLatency.read(Path.of(p.text("file"))))));

  private DeviceModels() {}

  /** The device models as a registry, in a fixed order. */
  public static Registry<Kind> registry() {
    return KINDS;
  }

  /**
   * Parses a device spec.
   *
   * @throws IllegalArgumentException naming the spec on an unknown device, a bad parameter, or a
   *     missing or malformed sample file
   */
  public static DeviceModel parse(String text) {
    String t = text.trim();
    if (t.startsWith("empirical:") && !t.substring("empirical:".length()).startsWith("file=")) {
      String file = t.substring("empirical:".length()).trim();
      if (file.isEmpty()) throw Spec.fault(FLAG, text, "missing sample file");
      return new DeviceModel(EmpiricalLatency.read(Path.of(file)), 0);
    }
    Spec spec = Spec.parse(FLAG, t);
    Parameters p = KINDS.resolve(FLAG, spec);
    LatencyModel latency;
    try {
      latency = KINDS.find(spec.name()).latency().apply(p);
    } catch (IllegalArgumentException e) {
      if (spec.name().equals("empirical")) throw e;
      throw Spec.fault(FLAG, text, e.getMessage());
    }
    double perByte = p.nanosExact("perbyte");
    long write = p.has("write") ? p.nanos("write") : -1;
    return new DeviceModel(latency, perByte, write);
  }
}
