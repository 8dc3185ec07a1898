package dev.bufmgr.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.support.TraceBytes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same requests written by hand as lcs, vscsi, tab-separated CSV and oracleGeneral replay
 * hit for hit as their text form, each with its format told by its header or name, which the
 * rows record.
 */
class TraceInputsReplayTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);
  private static final int N = 3000;

  @TempDir Path dir;

  @Test
  void everyKindReplaysAsItsTextForm() throws IOException {
    long[] pages = new long[N];
    int[] ops = new int[N];
    int[] cmds = new int[N];
    int[] len = new int[N];
    StringBuilder text = new StringBuilder();
    StringBuilder tsv = new StringBuilder();
    for (int i = 0; i < N; i++) {
      pages[i] = i % 7 == 0 ? 1000 + i % 900 : (i * 31L) % 50;
      boolean write = i % 5 == 0;
      ops[i] = write ? 13 : 12;
      cmds[i] = write ? 0x2a : 0x28;
      len[i] = 4096;
      text.append(pages[i]).append(write ? " w\n" : " r\n");
      tsv.append(i).append('\t').append(pages[i]).append('\t').append(write ? "w" : "r").append('\n');
    }
    Path expected = Files.writeString(dir.resolve("expected.txt"), text);
    List<ResultRow> want = replay(ReplayInput.ofFile(expected, "text"));
    record Case(Path file, String spec, String from) {}
    List<Case> cases = List.of(
        new Case(Files.write(dir.resolve("a.lcs"), TraceBytes.lcs(2, pages, ops)), "lcs", "header"),
        new Case(Files.write(dir.resolve("b.bin"), TraceBytes.lcs(5, pages, ops)), "lcs", "header"),
        new Case(Files.write(dir.resolve("c.lcs.zst"), Zstd.compress(TraceBytes.lcsFormatString(pages))), "lcs", "header"),
        new Case(Files.write(dir.resolve("d.vscsi"), TraceBytes.vscsi1(pages, len, cmds)), "vscsi", "file name"),
        new Case(Files.write(dir.resolve("e.vscsi.zst"), Zstd.compress(TraceBytes.vscsi2(pages, len, cmds))), "vscsi", "file name"),
        new Case(Files.write(dir.resolve("f.oracleGeneral"), TraceBytes.oracleGeneral(pages, len)), "oracleGeneral", "file name"),
        new Case(Files.writeString(dir.resolve("g.tsv"), "time\tpage\top\n" + tsv), "csv:sep=tab", "file name"));
    for (Case c : cases) {
      ReplayInput in = ReplayInput.ofFile(c.file(), null);
      assertEquals(c.spec(), in.format(), c.file().toString());
      List<ResultRow> got = replay(in);
      for (int r = 0; r < want.size(); r++) {
        for (String field : List.of("policy", "frames", "requests", "hits", "misses", "evictions")) {
          assertEquals(want.get(r).get(field), got.get(r).get(field), c.file() + " " + field);
        }
        assertEquals(c.from(), got.get(r).get("formatFrom"), c.file().toString());
      }
    }
    assertTrue(want.stream().allMatch(r -> ((Number) r.get("hits")).longValue() > 0), "every configuration hits some of the time");
  }

  private static List<ResultRow> replay(ReplayInput in) {
    return new ReplayRunner(null, false).run(in, List.of(CATALOG.resolve("lru"), CATALOG.resolve("gclock")), List.of(60, 400), 1);
  }
}
