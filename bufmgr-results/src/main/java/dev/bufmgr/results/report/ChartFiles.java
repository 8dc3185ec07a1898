package dev.bufmgr.results.report;

import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.plot.Figure;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files of one chart of a results folder: the PNG under the name it is given, and beside it,
 * under the same base name, each further {@link ChartFormat} asked for ({@code --chart-format}),
 * with the {@link HtmlReport} entry that shows the PNG and links the others. Every writer of a
 * results folder ({@code ExperimentReport}, {@code bufmgr report}) renders its charts through this,
 * so each chart the program draws honours the formats asked for.
 *
 * @param files file name to bytes, the PNG first
 * @param entry the page's entry for the chart
 */
public record ChartFiles(Map<String, byte[]> files, HtmlReport.Chart entry) {

  /**
   * Renders {@code figure} as {@code pngName} and in every other format of {@code formats}.
   *
   * @throws IllegalArgumentException when {@code pngName} does not end in {@code .png}
   */
  public static ChartFiles of(String pngName, Figure figure, Set<ChartFormat> formats) {
    if (!pngName.endsWith(".png")) throw new IllegalArgumentException("chart file name '" + pngName + "' must end in .png");
    String base = pngName.substring(0, pngName.length() - ".png".length());
    Set<ChartFormat> all = EnumSet.of(ChartFormat.PNG);
    all.addAll(formats);
    Map<String, byte[]> files = new LinkedHashMap<>();
    List<String> alternatives = new ArrayList<>();
    for (ChartFormat f : all) {
      String file = base + "." + f.extension();
      files.put(file, figure.bytes(f));
      if (f != ChartFormat.PNG) alternatives.add(file);
    }
    return new ChartFiles(files, new HtmlReport.Chart(pngName, figure.title(), List.copyOf(alternatives)));
  }
}
