package dev.bufmgr.results.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results folder is published without ever deleting or replacing a file the program did not write. */
class ResultsFolderTest {
  @TempDir Path dir;

  private static void publish(Path target, String... namesAndTexts) throws IOException {
    ResultsFolder f = ResultsFolder.stage(target);
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      Path p = f.staging().resolve(namesAndTexts[i]);
      Files.createDirectories(p.getParent());
      Files.writeString(p, namesAndTexts[i + 1]);
    }
    f.publish();
  }

  private List<String> siblings() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aNewFolderGetsTheFilesAndAManifestNamingThem() throws IOException {
    Path out = dir.resolve("out");
    publish(out, "results.csv", "a", "charts/x.png", "b");
    assertEquals("a", Files.readString(out.resolve("results.csv")));
    assertEquals("b", Files.readString(out.resolve("charts/x.png")));
    assertEquals(Set.of("results.csv", "charts/x.png"), ResultsFolder.manifestOf(out));
    assertEquals(List.of("out"), siblings(), "no staging folder left beside it");
  }

  @Test
  void aUsersFilesSurviveAndOnlyTheProgramsOwnAreReplacedOrRemoved() throws IOException {
    Path out = dir.resolve("out");
    Files.createDirectories(out.resolve("mine"));
    Files.writeString(out.resolve("notes.txt"), "my notes");
    Files.writeString(out.resolve("mine/trace.txt"), "1\n2\n");
    publish(out, "results.csv", "first", "old-chart.png", "c");
    publish(out, "results.csv", "second", "summary.md", "s");
    assertEquals("my notes", Files.readString(out.resolve("notes.txt")));
    assertEquals("1\n2\n", Files.readString(out.resolve("mine/trace.txt")));
    assertEquals("second", Files.readString(out.resolve("results.csv")));
    assertEquals("s", Files.readString(out.resolve("summary.md")));
    assertFalse(Files.exists(out.resolve("old-chart.png")), "the earlier run's file it did not write again is removed");
    assertEquals(Set.of("results.csv", "summary.md"), ResultsFolder.manifestOf(out));
  }

  @Test
  void aStagedFileThatWouldReplaceAUsersFileIsRefusedAndNothingMoves() throws IOException {
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Files.writeString(out.resolve("results.csv"), "the user's own table");
    UncheckedIOException e = assertThrows(UncheckedIOException.class,
        () -> publish(out, "summary.md", "s", "results.csv", "ours"));
    assertTrue(e.getMessage().contains("results.csv exists and was not written by bufmgr"), e.getMessage());
    assertEquals("the user's own table", Files.readString(out.resolve("results.csv")));
    assertFalse(Files.exists(out.resolve("summary.md")), "all or nothing: no other staged file moved either");
    assertFalse(Files.exists(out.resolve(ResultsFolder.MANIFEST)));
    assertEquals(List.of("out"), siblings(), "the staging folder is removed");
  }

  @Test
  void aManifestCannotNameAFileOutsideItsFolder() throws IOException {
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Files.writeString(dir.resolve("precious.txt"), "keep");
    Files.writeString(out.resolve(ResultsFolder.MANIFEST), "# forged\n../precious.txt\n" + dir.resolve("precious.txt") + "\n");
    publish(out, "results.csv", "x");
    assertEquals("keep", Files.readString(dir.resolve("precious.txt")));
  }

  @Test
  void discardLeavesNothing() throws IOException {
    ResultsFolder f = ResultsFolder.stage(dir.resolve("out"));
    Files.writeString(f.staging().resolve("results.csv"), "x");
    f.discard();
    assertEquals(List.of(), siblings());
  }
}
