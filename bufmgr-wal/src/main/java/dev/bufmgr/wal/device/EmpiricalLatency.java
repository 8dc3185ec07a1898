package dev.bufmgr.wal.device;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Fixed costs drawn uniformly from measured samples, read from a sample file as {@code bufmgr
 * fsync-probe} writes it: one latency in microseconds per line (a decimal number), {@code #}
 * comment lines and blank lines ignored.
 */
public final class EmpiricalLatency implements LatencyModel {
  private final String source;
  private final long[] sorted;
  private final double mean;

  /**
   * @param source where the samples came from (for the spec)
   * @param samplesNanos at least one sample in nanoseconds, each >= 0
   */
  public EmpiricalLatency(String source, long[] samplesNanos) {
    if (samplesNanos.length == 0) throw new IllegalArgumentException(source + ": no samples");
    this.source = source;
    this.sorted = samplesNanos.clone();
    Arrays.sort(sorted);
    if (sorted[0] < 0) throw new IllegalArgumentException(source + ": negative sample");
    double sum = 0;
    for (long s : sorted) sum += s;
    this.mean = sum / sorted.length;
  }

  /**
   * Reads a sample file.
   *
   * @throws IllegalArgumentException naming the file and line of the first malformed line, or
   *     saying the file is missing, unreadable or holds no sample
   */
  public static EmpiricalLatency read(Path file) {
    long[] buf = new long[1024];
    int n = 0;
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        String t = line.trim();
        if (t.isEmpty() || t.startsWith("#")) continue;
        double micros;
        try {
          micros = Double.parseDouble(t);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "empirical sample file " + file + " line " + lineNo
                  + ": not a latency in microseconds: '" + abbreviate(t) + "'");
        }
        if (!Double.isFinite(micros) || micros < 0) {
          throw new IllegalArgumentException(
              "empirical sample file " + file + " line " + lineNo
                  + ": latency must be a non-negative number of microseconds: '" + abbreviate(t) + "'");
        }
        if (n == buf.length) buf = Arrays.copyOf(buf, n * 2);
        buf[n++] = Math.round(micros * 1000);
      }
    } catch (java.nio.charset.MalformedInputException e) {
      throw new IllegalArgumentException("empirical sample file " + file + ": not a text file");
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "empirical sample file " + file + ": cannot read (" + e.getClass().getSimpleName() + ")");
    }
    if (n == 0) {
      throw new IllegalArgumentException("empirical sample file " + file + ": holds no sample");
    }
    return new EmpiricalLatency(file.toString(), Arrays.copyOf(buf, n));
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }

  /** The q-quantile (0..1) of the samples by the nearest-rank rule. */
  public long quantileNanos(double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  @Override
  public long sampleNanos(RandomGenerator rng) {
    return sorted[rng.nextInt(sorted.length)];
  }

  @Override
  public double medianNanos() {
    return quantileNanos(0.5);
  }

  @Override
  public double p99Nanos() {
    return quantileNanos(0.99);
  }

  @Override
  public double meanNanos() {
    return mean;
  }

  @Override
  public String spec() {
    return "empirical:file=" + source;
  }
}
