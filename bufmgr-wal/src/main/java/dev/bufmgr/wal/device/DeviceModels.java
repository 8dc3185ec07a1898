package dev.bufmgr.wal.device;

import dev.bufmgr.core.spec.Spec;
import java.nio.file.Path;

/**
 * Parses device specs:
 *
 * <ul>
 *   <li>{@code fixed:f0=DURATION[,perbyte=DURATION]}
 *   <li>{@code lognormal:median=DURATION,p99=DURATION[,perbyte=DURATION]}
 *   <li>{@code empirical:FILE} or {@code empirical:file=FILE[,perbyte=DURATION]}, FILE a sample
 *       file as written by {@code bufmgr fsync-probe}
 * </ul>
 *
 * Each but {@code empirical:FILE} also takes {@code write=DURATION}: the device time of an
 * unforced data-page write (see {@link DeviceModel}).
 */
public final class DeviceModels {
  private DeviceModels() {}

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
      if (file.isEmpty()) throw new IllegalArgumentException("--device '" + text + "': missing sample file");
      return new DeviceModel(EmpiricalLatency.read(Path.of(file)), 0);
    }
    Spec spec = Spec.parse("--device", t);
    LatencyModel latency =
        switch (spec.name()) {
          case "fixed" -> new FixedLatency(spec.nanos("f0", -1));
          case "lognormal" -> {
            double median = spec.nanosExact("median", -1);
            double p99 = spec.nanosExact("p99", -1);
            if (!(median > 0) || p99 < median) {
              throw new IllegalArgumentException(
                  "--device '" + text + "': needs 0 < median <= p99");
            }
            yield new LognormalLatency(median, p99);
          }
          case "empirical" -> EmpiricalLatency.read(Path.of(spec.string("file", null)));
          default ->
              throw new IllegalArgumentException(
                  "--device '" + text + "': unknown device '" + spec.name()
                      + "' (known: fixed, lognormal, empirical)");
        };
    double perByte = spec.nanosExact("perbyte", 0);
    long write = spec.string("write", "").isEmpty() ? -1 : spec.nanos("write", 0);
    spec.requireOnly();
    return new DeviceModel(latency, perByte, write);
  }
}
