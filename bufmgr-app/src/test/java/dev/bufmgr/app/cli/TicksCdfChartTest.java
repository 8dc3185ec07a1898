package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** experiment ticks draws victim-search latency and ticks per victim as CDFs, per selector and batch. */
class TicksCdfChartTest {
  @TempDir Path dir;

  @Test
  void quickRunWritesCdfChartsAndMonotoneSeriesEndingAtOne() throws IOException {
    Path out = dir.resolve("ticks");
    CliRun r = CliRun.of("experiment", "ticks", "--quick", "--quiet", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    for (String chart : List.of("search-latency-cdf.png", "ticks-cdf.png")) {
      var img = ImageIO.read(out.resolve(chart).toFile());
      assertEquals(900, img.getWidth(), chart + " is a PNG of the usual size");
    }
    // cdf.csv: policy,batch,measure,value,cumulativeFraction
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(out.resolve("cdf.csv"));
    assertEquals("policy,batch,measure,value,cumulativeFraction", lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      int close = line.indexOf("\",");
      String policy = line.substring(1, close);
      String[] rest = line.substring(close + 2).split(",");
      series.computeIfAbsent(policy + " " + rest[1], k -> new java.util.ArrayList<>())
          .add(new double[] {Double.parseDouble(rest[2]), Double.parseDouble(rest[3])});
    }
    // Two selectors, three batches, two measures.
    assertEquals(12, series.size(), series.keySet().toString());
    assertTrue(series.containsKey("gclock:maxUsage=5,batch=16,hand=global searchNanos"), series.keySet().toString());
    for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
      List<double[]> pts = e.getValue();
      for (int i = 1; i < pts.size(); i++) {
        assertTrue(pts.get(i)[0] > pts.get(i - 1)[0], e.getKey() + ": values ascend");
        assertTrue(pts.get(i)[1] >= pts.get(i - 1)[1], e.getKey() + ": fractions never fall");
      }
      assertEquals(1.0, pts.get(pts.size() - 1)[1], 0.0, e.getKey() + " ends at 1.0");
      assertTrue(pts.get(0)[1] > 0, e.getKey());
    }
    assertTrue(Files.readString(out.resolve("summary.md")).contains("search-latency-cdf.png"));
  }
}
