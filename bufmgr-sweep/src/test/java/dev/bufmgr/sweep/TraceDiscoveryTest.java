package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceDiscoveryTest {
  @TempDir Path dir;

  private Path file(String rel) throws IOException {
    Path p = dir.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "1\n2\n");
    return p;
  }

  @Test
  void aFolderIsSearchedRecursivelyForNamesThatTellTheirFormatAndHiddenOnesAreLeftOut() throws IOException {
    file("msr/a.oracleGeneral.bin");
    file("msr/b.oracleGeneral.zst");
    file("lirs/deep/c.trace.gz");
    file("lirs/notes.md");
    file("lirs/.hidden/d.trace");
    file(".e.trace");
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of(dir.toString()), null);
    assertEquals(List.of("deep/c.trace.gz:lirs:deep", "msr/a.oracleGeneral.bin:oracleGeneral:msr", "msr/b.oracleGeneral.zst:oracleGeneral:msr"),
        found.stream().map(f -> rel(f.trace()) + ":" + f.format() + ":" + f.dataset()).map(s -> s.replaceFirst("^lirs/", "")).toList());
  }

  @Test
  void aListFileNamesDatasetsAndAFileReachedTwiceIsOneTrace() throws IOException {
    Path a = file("x/a.trace");
    file("y/b.lirs");
    Path list = dir.resolve("list.txt");
    Files.writeString(list, "# traces\nx/a.trace\tdsA\n" + a + "\n\ny\n");
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of("@" + list), null);
    assertEquals(List.of("x/a.trace:dsA", "y/b.lirs:y"), found.stream().map(f -> rel(f.trace()) + ":" + f.dataset()).toList());
  }

  @Test
  void aGlobMatchesBelowItsFixedFolder() throws IOException {
    file("d1/a.trace");
    file("d2/b.trace");
    file("d2/c.txt");
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of(dir + "/*/*.trace"), null);
    assertEquals(List.of("d1/a.trace", "d2/b.trace"), found.stream().map(f -> rel(f.trace())).toList());
  }

  @Test
  void withFormatEveryFileOfAFolderIsATrace() throws IOException {
    file("msr/hm_0.csv");
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of(dir.toString()), "msr");
    assertEquals(1, found.size());
    assertEquals("msr", found.getFirst().format());
  }

  @Test
  void aUriOfAnotherFileSystemIsOneTraceAndAFileUriIsLocal() throws IOException {
    Path a = file("ds/a.trace");
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of("hdfs://nn:8020/traces/msr/x.oracleGeneral.zst", a.toUri().toString()), null);
    assertEquals("hdfs://nn:8020/traces/msr/x.oracleGeneral.zst", found.get(0).trace());
    assertEquals("msr", found.get(0).dataset());
    assertEquals(a.toString(), found.get(1).trace());
  }

  @Test
  void nothingFoundAMissingPathAnUnknownNamedFileAndABadListLineAreRefusedInOneLine() throws IOException {
    Files.createDirectories(dir.resolve("empty"));
    Path unknown = file("u/data.bin");
    Path list = dir.resolve("bad.txt");
    Files.writeString(list, "u/missing.trace\n");
    for (List<String> args : List.of(List.of(dir.resolve("empty").toString()), List.of(dir.resolve("nope").toString()),
        List.of(unknown.toString()), List.of("@" + list), List.of("@" + dir.resolve("nolist.txt")), List.of(dir + "/*.none"),
        List.of("@/dev/zero"), List.of("@" + Files.write(dir.resolve("nul.txt"), new byte[] {'a', 0, 'b', '\n'})))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceDiscovery.find(args, null), args.toString());
      assertTrue(!e.getMessage().contains("\n") && e.getMessage().contains(args.getFirst().replace("@", "")), e.getMessage());
    }
  }

  @Test
  void aFolderTakesLcsVscsiCsvAndTsvByNameAndLcsByItsMagicNumber() throws IOException {
    file("k/a.lcs.zst");
    file("k/c.tsv");
    file("k/d.vscsi");
    file("k/e.csv.gz");
    file("k/f.dat");
    byte[] lcsStart = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(0x123456789abcdef0L).putLong(2).array();
    Files.write(dir.resolve("k/b.data"), lcsStart);
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of(dir.toString(), "s3a://bucket/ds/g.lcs"), null);
    assertEquals(List.of("a.lcs.zst:lcs", "b.data:lcs", "c.tsv:csv:sep=tab", "d.vscsi:vscsi", "e.csv.gz:csv", "g.lcs:lcs"),
        found.stream().map(f -> Path.of(f.trace().replace("s3a://", "")).getFileName() + ":" + f.format()).toList());
  }

  private String rel(String trace) {
    return dir.relativize(Path.of(trace)).toString();
  }
}
