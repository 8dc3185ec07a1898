package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.results.report.ResultsFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No command deletes or overwrites a file it did not write. For every command that writes a
 * results folder: a folder holding a user's file is refused in one line (exit 2) before any work,
 * with the file intact; with {@code --force} the command writes beside the user's file, which
 * survives, as it does a second forced run; a staged file that would replace a user's file of
 * the same name is refused. For every command that writes a file: an existing file is refused
 * without {@code --force}, and the command's own input always.
 */
class OutputsKeepUserFilesTest {
  @TempDir Path dir;

  /** Each folder-writing command, in its quickest form, with {@code --out} last. */
  private static List<List<String>> folderCommands(Path lirs) {
    return List.of(
        List.of("compare", "--requests", "3000", "--policy", "lru", "--policy", "gclock", "--traces", lirs.toString(), "--quiet", "--out"),
        List.of("experiment", "fpw-tax", "--quick", "--quiet", "--out"),
        List.of("experiment", "ghost-cap", "--quick", "--quiet", "--out"),
        List.of("experiment", "group-commit", "--quick", "--out"),
        List.of("pipeline", "--workload", "tpcb:scale=0.05", "--frames", "200", "--clients", "2", "--seconds", "1",
            "--interval", "500ms", "--quiet", "--out"));
  }

  private static String[] args(List<String> command, Path out, boolean force) {
    List<String> a = new ArrayList<>(command);
    a.add(out.toString());
    if (force) a.add("--force");
    return a.toArray(String[]::new);
  }

  private static List<String> entries(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void everyFolderCommandKeepsAUsersFiles() throws IOException {
    Path lirs = Files.createDirectories(dir.resolve("lirs"));
    StringBuilder trace = new StringBuilder();
    for (int i = 0; i < 3000; i++) trace.append((i * 7) % 500).append('\n');
    try (var gz = new GZIPOutputStream(Files.newOutputStream(lirs.resolve("sprite.trace.gz")))) {
      gz.write(trace.toString().getBytes(StandardCharsets.US_ASCII));
    }
    for (List<String> command : folderCommands(lirs)) {
      String name = String.join(" ", command.subList(0, 2));
      Path out = Files.createDirectories(dir.resolve("out-" + command.get(0) + "-" + command.get(1)));
      Files.writeString(out.resolve("notes.txt"), "my notes");

      CliRun refused = CliRun.of(args(command, out, false));
      assertEquals(2, refused.status(), name + ": " + refused.err());
      assertTrue(refused.err().contains("--out " + out + ": exists and holds files bufmgr did not write (notes.txt)"), name + ": " + refused.err());
      assertEquals(List.of("notes.txt"), entries(out), name + ": nothing written");

      CliRun forced = CliRun.of(args(command, out, true));
      assertEquals(0, forced.status(), name + ": " + forced.err());
      assertEquals("my notes", Files.readString(out.resolve("notes.txt")), name);
      assertTrue(Files.exists(out.resolve("summary.md")), name);
      assertTrue(ResultsFolder.manifestOf(out).contains("summary.md"), name);
      assertFalse(ResultsFolder.manifestOf(out).contains("notes.txt"), name);

      CliRun again = CliRun.of(args(command, out, true));
      assertEquals(0, again.status(), name + ": " + again.err());
      assertEquals("my notes", Files.readString(out.resolve("notes.txt")), name + ", second run");
      try (Stream<Path> s = Files.list(dir)) {
        assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(".partial")), name + ": no staging folder left");
      }
    }
  }

  @Test
  void aFolderThatHoldsOnlyWhatBufmgrWroteIsReplacedWithoutForce() throws IOException {
    Path out = dir.resolve("fpw");
    assertEquals(0, CliRun.of("experiment", "fpw-tax", "--quick", "--quiet", "--out", out.toString()).status());
    CliRun again = CliRun.of("experiment", "fpw-tax", "--quick", "--quiet", "--out", out.toString());
    assertEquals(0, again.status(), again.err());
  }

  @Test
  void aUsersFileNamedLikeAResultIsNeverReplaced() throws IOException {
    Path out = Files.createDirectories(dir.resolve("clash"));
    Files.writeString(out.resolve("summary.md"), "my own summary");
    CliRun r = CliRun.of("experiment", "fpw-tax", "--quick", "--quiet", "--out", out.toString(), "--force");
    assertTrue(r.status() != 0, r.err());
    assertTrue(r.err().contains("bufmgr: cannot publish results folder " + out + ": " + out.resolve("summary.md")
        + " exists and was not written by bufmgr"), r.err());
    assertEquals("my own summary", Files.readString(out.resolve("summary.md")));
    assertEquals(List.of("summary.md"), entries(out));
  }

  @Test
  void theWorkingFolderIsRefusedOutright() {
    for (boolean force : new boolean[] {false, true}) {
      List<String> a = new ArrayList<>(List.of("experiment", "fpw-tax", "--quick", "--quiet", "--out", "."));
      if (force) a.add("--force");
      CliRun r = CliRun.of(a.toArray(String[]::new));
      assertEquals(2, r.status(), r.err());
      assertTrue(r.err().contains("--out .: is the working folder"), r.err());
    }
  }

  @Test
  void fileCommandsRefuseAnExistingFileWithoutForceAndTheirInputAlways() throws IOException {
    Path trace = Files.writeString(dir.resolve("t.lirs"), "1\n2\n3\n1\n2\n4\n");
    Path rows = Files.writeString(dir.resolve("rows.csv"), "mine");
    String[] replay = {"replay", "--trace", trace.toString(), "--format", "lirs", "--frames", "2", "--policy", "lru",
        "--output", "csv", "--out", rows.toString(), "--quiet"};
    CliRun refused = CliRun.of(replay);
    assertEquals(2, refused.status(), refused.err());
    assertTrue(refused.err().contains("--out " + rows + ": exists; add --force to replace it"), refused.err());
    assertEquals("mine", Files.readString(rows));
    List<String> forced = new ArrayList<>(List.of(replay));
    forced.add("--force");
    assertEquals(0, CliRun.of(forced.toArray(String[]::new)).status());
    assertTrue(Files.readString(rows).startsWith("policy,"), "replaced when forced");

    Path bft = Files.writeString(dir.resolve("t.bft"), "mine");
    CliRun convert = CliRun.of("convert", "--trace", trace.toString(), "--format", "lirs", "--out", bft.toString());
    assertEquals(2, convert.status());
    assertEquals("mine", Files.readString(bft));
    for (boolean force : new boolean[] {false, true}) {
      List<String> a = new ArrayList<>(List.of("convert", "--trace", trace.toString(), "--format", "lirs", "--out", trace.toString()));
      if (force) a.add("--force");
      CliRun self = CliRun.of(a.toArray(String[]::new));
      assertEquals(2, self.status(), self.err());
      assertTrue(self.err().contains("is also an input of this command"), self.err());
    }
    assertEquals("1\n2\n3\n1\n2\n4\n", Files.readString(trace));
  }
}
