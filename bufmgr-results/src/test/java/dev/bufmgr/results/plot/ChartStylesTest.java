package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** A policy looks the same in every chart and every run; different policies look different. */
class ChartStylesTest {
  private static final double[] X = {1000, 2000, 3000};

  @Test
  void aPolicyHasOneStyleAcrossTwoChartsWithDifferentCompany() {
    XYChart first = LineChart.of("a", "x", "y").series("lru", X, new double[] {0.5, 0.4, 0.3})
        .series("gclock", X, new double[] {0.6, 0.5, 0.4}).chart();
    XYChart second = LineChart.of("b", "x", "y").series("s3fifo", X, new double[] {0.1, 0.2, 0.3})
        .series("opt", X, new double[] {0.2, 0.1, 0.0}).series("caffeine", X, new double[] {0.3, 0.3, 0.2})
        .series("lru", X, new double[] {0.9, 0.8, 0.7}).chart();
    XYSeries a = first.getSeries("lru");
    XYSeries b = second.getSeries("lru");
    assertEquals(a.getLineColor(), b.getLineColor());
    assertSame(a.getMarker(), b.getMarker());
    assertEquals(a.getLineStyle(), b.getLineStyle());
    // And the bar chart of the same run paints it in the same colour.
    CategoryChart bars = BarChart.of("c", "y", List.of("one", "two")).series("hotcool", List.of(1.0, 2.0))
        .series("lru", List.of(2.0, 1.0)).chart();
    assertEquals(a.getLineColor(), bars.getSeries("lru").getFillColor());
  }

  @Test
  void stylesAreFixedValuesSoEveryRunDrawsThemAlike() {
    // The fixed table: what a reader of last month's charts saw.
    assertEquals(new Color(0x0072B2), SeriesStyle.of("gclock").color());
    assertSame(SeriesMarkers.CIRCLE, SeriesStyle.of("gclock").marker());
    assertNull(SeriesStyle.of("gclock").line().getDashArray(), "solid");
    assertEquals(new Color(0xD55E00), SeriesStyle.of("hotcool").color());
    assertSame(SeriesMarkers.SQUARE, SeriesStyle.of("hotcool").marker());
    assertEquals(new Color(0x000000), SeriesStyle.of("opt").color());
    assertSame(SeriesMarkers.CROSS, SeriesStyle.of("opt").marker());
    // The hash fallback is FNV-1a, the same on every JVM: pinned values for a name outside the table.
    SeriesStyle other = SeriesStyle.of("simulated");
    assertEquals(new Color(0xEE6677), other.color());
    assertSame(SeriesMarkers.SQUARE, other.marker());
    assertArrayEquals(new float[] {1.5f, 3.5f}, other.line().getDashArray());
    assertEquals(other, SeriesStyle.of("simulated"));
  }

  @Test
  void aSelectorAtItsDefaultsIsOnePolicyHoweverItIsSpelled() {
    SeriesStyle s = SeriesStyle.of("gclock");
    assertEquals(s, SeriesStyle.of("gclock:maxUsage=5,batch=1,hand=global"));
    assertEquals(s, SeriesStyle.of("gclock:batch=1"));
    assertEquals(SeriesStyle.of("hotcool"), SeriesStyle.of("hotcool:batch=64,hand=global,promote=second"));
    assertEquals(SeriesStyle.of("gclock:batch=16"), SeriesStyle.of("gclock:maxUsage=5,batch=16,hand=global"));
  }

  @Test
  void knownPoliciesDifferInColourMarkerAndDash() {
    List<String> known = List.of("gclock", "hotcool", "s3fifo", "lru", "opt", "opt-demand", "caffeine", "arc");
    Set<Color> colours = new HashSet<>();
    Set<Object> markers = new HashSet<>();
    Set<Object> dashes = new HashSet<>();
    for (String name : known) {
      SeriesStyle s = SeriesStyle.of(name);
      colours.add(s.color());
      markers.add(s.marker());
      dashes.add(s.line());
    }
    assertEquals(known.size(), colours.size(), "colours");
    assertEquals(known.size(), markers.size(), "markers");
    assertEquals(known.size(), dashes.size(), "dashes");
    // Both forms of OPT appear in one chart; they must not look alike.
    assertNotEquals(SeriesStyle.of("opt"), SeriesStyle.of("opt:bypass=false"));
    assertEquals(SeriesStyle.of("opt-demand"), SeriesStyle.of("opt:bypass=false"));
    assertEquals(SeriesStyle.of("caffeine"), SeriesStyle.of("W-TinyLFU"));
  }

  /** The issue-35 defects: arc and hotcool shared a hue, and four purples shared the triangle marker. */
  @Test
  void noTwoPoliciesOfTheComparisonShareAColourAndAMarkerOrADash() {
    List<String> all = List.of("arc", "car", "clockpro", "gclock", "hotcool", "lirs", "lru-k", "lru-pool", "s3fifo",
        "sieve", "slru", "twoq", "lru", "opt:bypass=false", "opt:bypass=true", "caffeine", "clock", "fifo");
    Set<List<Object>> byMarker = new HashSet<>();
    Set<List<Object>> byDash = new HashSet<>();
    for (String name : all) {
      SeriesStyle s = SeriesStyle.of(name);
      assertTrue(byMarker.add(List.of(s.color(), s.marker())), name + " shares colour and marker");
      assertTrue(byDash.add(List.of(s.color(), s.line())), name + " shares colour and dash");
    }
    assertNotEquals(SeriesStyle.of("arc").color(), SeriesStyle.of("hotcool").color());
    assertSame(SeriesMarkers.CROSS, SeriesStyle.of("opt:bypass=true").marker(), "OPT drawn as crosses");
  }

  @Test
  void aVariantKeepsItsFamilyColourButNotItsMarkerAndDash() {
    SeriesStyle stock = SeriesStyle.of("gclock");
    for (String v : List.of("gclock:batch=16", "gclock:batch=64", "gclock:maxUsage=3", "gclock / greedy")) {
      SeriesStyle s = SeriesStyle.of(v);
      assertEquals(stock.color(), s.color(), v);
      assertTrue(s.marker() != stock.marker() && !s.line().equals(stock.line()), v + " differs from gclock in marker and dash");
    }
  }

  @Test
  void noTwoSeriesOfAChartLookAlikeAndTheOrderDoesNotMatter() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 60; i++) names.add("run-" + i);
    names.addAll(List.of("gclock", "gclock:batch=16", "gclock:batch=64", "hotcool", "hotcool:batch=1", "hotcool:batch=16"));
    Map<String, SeriesStyle> styles = SeriesStyle.forChart(names);
    assertEquals(names.size(), new HashSet<>(styles.values()).size(), "every style distinct");
    List<String> reversed = new ArrayList<>(names);
    java.util.Collections.reverse(reversed);
    Map<String, SeriesStyle> again = SeriesStyle.forChart(reversed);
    for (String n : names) assertEquals(styles.get(n), again.get(n), n);
    // The table's families keep their colours in any company.
    assertEquals(SeriesStyle.of("gclock"), styles.get("gclock"));
    assertEquals(SeriesStyle.of("hotcool").color(), styles.get("hotcool:batch=1").color());
  }

  @Test
  void unknownNamesOfOneChartGetTheirOwnColours() {
    List<String> devices = new ArrayList<>();
    for (int i = 0; i < 12; i++) devices.add("device-" + i);
    // On their own, the hashes of these twelve names give only ten colours.
    assertEquals(10, new HashSet<>(devices.stream().map(d -> SeriesStyle.of(d).color()).toList()).size());
    Map<String, SeriesStyle> styles = SeriesStyle.forChart(devices);
    assertEquals(12, new HashSet<>(styles.values().stream().map(SeriesStyle::color).toList()).size());
    // A name that is no policy is its own family: "rings on" and "rings off" are two colours.
    assertNotEquals(SeriesStyle.of("rings on").color(), SeriesStyle.of("rings off").color());
  }

  @Test
  void withoutMarkersTheDashAloneKeepsVariantsApart() {
    List<String> names = List.of("gclock:batch=1", "gclock:batch=16", "gclock:batch=64",
        "hotcool:batch=1", "hotcool:batch=16", "hotcool:batch=64");
    Map<String, SeriesStyle> styles = SeriesStyle.forChart(names, false);
    Set<List<Object>> looks = new HashSet<>();
    for (SeriesStyle s : styles.values()) looks.add(List.of(s.color(), s.line()));
    assertEquals(6, looks.size(), "colour and dash differ for every series");
  }

  @Test
  void barsOfOneFamilyTakeShadesOfItsColour() {
    Map<String, Color> c = SeriesStyle.barColours(List.of("gclock", "gclock:maxUsage=3", "hotcool"));
    assertEquals(new Color(0x0072B2), c.get("gclock"));
    assertEquals(SeriesStyle.shade(new Color(0x0072B2), 1), c.get("gclock:maxUsage=3"));
    assertNotEquals(c.get("gclock"), c.get("gclock:maxUsage=3"));
    assertEquals(new Color(0xD55E00), c.get("hotcool"));
  }
}
