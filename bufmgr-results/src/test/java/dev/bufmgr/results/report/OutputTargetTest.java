package dev.bufmgr.results.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every refusal of the check before a run, and what it lets through. */
class OutputTargetTest {
  @TempDir Path dir;

  private static String refusal(OutputTarget t) {
    return assertThrows(IllegalArgumentException.class, t::check).getMessage();
  }

  @Test
  void theWorkingFolderTheFoldersAboveItTheHomeFolderAndTheRootAreRefusedEvenWithForce() {
    Path cwd = Path.of("").toAbsolutePath();
    for (boolean force : new boolean[] {false, true}) {
      assertTrue(refusal(OutputTarget.folder("--out", Path.of("."), force)).contains("is the working folder"));
      assertTrue(refusal(OutputTarget.folder("--out", cwd.getParent(), force)).contains("is the working folder or one above it"));
      assertTrue(refusal(OutputTarget.folder("--out", Path.of(System.getProperty("user.home")), force)).matches(".*is the (home|working) folder.*"));
      assertTrue(refusal(OutputTarget.folder("--out", cwd.getRoot(), force)).contains("is the root folder"));
    }
  }

  @Test
  void aFolderHoldingAUsersFilesNeedsForce() throws IOException {
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Files.writeString(out.resolve("notes.txt"), "mine");
    String m = refusal(OutputTarget.folder("--out", out, false));
    assertEquals("--out " + out + ": exists and holds files bufmgr did not write (notes.txt); name a new or empty folder, "
        + "or add --force to write beside them (only files bufmgr wrote there are replaced)", m);
    OutputTarget.folder("--out", out, true).check();
  }

  @Test
  void anAbsentAnEmptyAndTheProgramsOwnFolderNeedNoForce() throws IOException {
    OutputTarget.folder("--out", dir.resolve("absent/below"), false).check();
    Path empty = Files.createDirectories(dir.resolve("empty"));
    OutputTarget.folder("--out", empty, false).check();
    Path ours = Files.createDirectories(dir.resolve("ours"));
    Files.writeString(ours.resolve("results.csv"), "x");
    Files.writeString(ours.resolve(ResultsFolder.MANIFEST), "# bufmgr\nresults.csv\n");
    OutputTarget.folder("--out", ours, false).check();
  }

  @Test
  void anExistingFileNeedsForceAndAFolderIsNotAFile() throws IOException {
    Path f = Files.writeString(dir.resolve("rows.csv"), "x");
    assertEquals("--out " + f + ": exists; add --force to replace it", refusal(OutputTarget.file("--out", f, false)));
    OutputTarget.file("--out", f, true).check();
    assertTrue(refusal(OutputTarget.file("--out", dir, true)).endsWith("is a folder, not a file"));
    assertTrue(refusal(OutputTarget.folder("--out", f, true)).endsWith("is a file, not a folder"));
  }

  @Test
  void aFileTheCommandAppendsToMayExist() throws IOException {
    Path acks = Files.writeString(dir.resolve("acks.txt"), "1 100\n");
    OutputTarget.appendedFile("--ack-log", acks).check();
  }

  @Test
  void theCommandsOwnInputIsRefusedHoweverItIsSpelledAndEvenWithForce() throws IOException {
    Path trace = Files.writeString(dir.resolve("t.lirs"), "1\n");
    Path spelledOtherwise = dir.resolve("sub/../t.lirs");
    Files.createDirectories(dir.resolve("sub"));
    Path link = Files.createSymbolicLink(dir.resolve("link.lirs"), trace);
    for (Path out : new Path[] {trace, spelledOtherwise, link}) {
      assertTrue(refusal(OutputTarget.file("--out", out, true).notAnyOf(trace)).endsWith("is also an input of this command; name another file"), out.toString());
    }
  }

  @Test
  void aFolderWhoseParentCannotBeWrittenIsRefused() throws IOException {
    Path locked = Files.createDirectories(dir.resolve("locked"));
    assertTrue(locked.toFile().setWritable(false));
    try {
      if (Files.isWritable(locked)) return; // root ignores permissions: nothing to check here
      assertTrue(refusal(OutputTarget.folder("--out", locked.resolve("out"), false)).contains("cannot write in " + locked));
    } finally {
      locked.toFile().setWritable(true);
    }
  }
}
