package dev.bufmgr.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Per-thread victim-search latency histograms in HdrHistogram's log format (one interval
 * histogram a line, base64 of the compressed histogram, with a tag), so the benchmark's forks and
 * the matrix runner exchange them, and a results folder keeps them readable by HdrHistogram's own
 * tools ({@code HistogramLogProcessor}).
 */
public final class LatencyLog {
  private LatencyLog() {}

  /** One thread's histogram and the tag it was written with. */
  public record Tagged(String tag, Histogram histogram) {}

  /** Writes one thread's histogram to {@code file}, tagged {@code thread<index>-cpu<cpu>}. */
  static void write(Path file, int threadIndex, Histogram histogram) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    String tag = "thread" + threadIndex + "-cpu" + ThreadPlacement.currentCpu();
    Files.writeString(file, render(List.of(new Tagged(tag, histogram))));
  }

  /** The log text of {@code histograms}, each with its tag. */
  public static String render(List<Tagged> histograms) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputLegend();
      for (Tagged t : histograms) {
        Histogram h = t.histogram().copy();
        h.setTag(t.tag());
        h.setStartTimeStamp(0);
        h.setEndTimeStamp(0);
        writer.outputIntervalHistogram(h);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Reads every histogram of a log, in file order. */
  public static List<Tagged> read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in);
    }
  }

  /** Reads every histogram of a log text. */
  public static List<Tagged> parse(String text) {
    return read(new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<Tagged> read(InputStream in) {
    HistogramLogReader reader = new HistogramLogReader(in);
    List<Tagged> out = new ArrayList<>();
    EncodableHistogram e;
    while ((e = reader.nextIntervalHistogram()) != null) {
      if (!(e instanceof Histogram h)) throw new IllegalArgumentException("latency log holds a non-integer histogram");
      out.add(new Tagged(h.getTag(), h));
    }
    return out;
  }
}
