package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fpw-tax experiment's log volumes equal what the lab's table and statements give when
 * counted by hand: which pages and leaves each statement changes first after the checkpoint.
 */
class FpwTaxExperimentTest {
  @TempDir Path dir;

  private static double field(String row, String name) {
    String key = "\"" + name + "\":";
    int i = row.indexOf(key) + key.length();
    int j = i;
    while (j < row.length() && ",}".indexOf(row.charAt(j)) < 0) j++;
    return Double.parseDouble(row.substring(i, j));
  }

  private static long align(long n) {
    return (n + 7) & ~7L;
  }

  @Test
  void theLabsPassesLogWhatTheTableLayoutSays() throws IOException {
    Path out = dir.resolve("fpw");
    CliRun r = CliRun.of("experiment", "fpw-tax", "--quick", "--quiet", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    String on = rows.stream().filter(l -> l.contains("\"fullPageWrites\":true") && l.contains("\"modulus\":35,")).findFirst().orElseThrow();
    String off = rows.stream().filter(l -> l.contains("\"fullPageWrites\":false") && l.contains("\"modulus\":35,")).findFirst().orElseThrow();

    // By hand: rows id % 35 == 1 sit on pages (id - 1) / 33 and leaves (id - 1) / 367.
    Set<Integer> pages1 = new HashSet<>();
    Set<Integer> leaves1 = new HashSet<>();
    Set<Integer> pages2 = new HashSet<>();
    int rows1 = 0;
    for (int id = 1; id <= 175_000; id++) {
      if (id % 35 == 1) {
        rows1++;
        pages1.add((id - 1) / 33);
        leaves1.add((id - 1) / 367);
      }
      if (id % 35 == 2) pages2.add((id - 1) / 33);
    }
    Set<Integer> untouched = new HashSet<>(pages2);
    untouched.removeAll(pages1);
    int rows2 = pages2.size();
    long images1 = pages1.size() + leaves1.size();
    // Records are 8-byte aligned: a 64-byte change with an 8,076-byte image takes 8,144 bytes, with a 7,380-byte one 7,448.
    long first = rows1 * (64L + 224 + 64) + pages1.size() * (align(64 + 8076) - 64L) + leaves1.size() * (align(64 + 7380) - 64L) + 40;
    // Second pass: the scan prunes every page that holds a dead first-pass version (56 bytes, when it reads the page);
    // rows on such pages take HOT updates, the others a non-HOT update whose old page logs its image.
    long hot = rows2 - untouched.size();
    long second = pages1.size() * 56L + hot * 72 + untouched.size() * (align(64 + 8076) + 224L + 64) + 40;
    assertEquals(images1, (long) field(on, "firstImages"));
    assertEquals(untouched.size(), (long) field(on, "secondImages"));
    assertEquals(first, (long) field(on, "firstBytes"));
    assertEquals(second, (long) field(on, "secondBytes"));
    assertTrue(hot > 4000);
    assertEquals(rows1 * (64L + 224 + 64) + 40, (long) field(off, "firstBytes"));
    assertEquals(0, (long) field(off, "firstImages"));
    double ratio = field(on, "ratio");
    assertTrue(ratio > 20 && ratio < 28, "within reach of PostgreSQL's 23.95x: " + ratio);
  }
}
