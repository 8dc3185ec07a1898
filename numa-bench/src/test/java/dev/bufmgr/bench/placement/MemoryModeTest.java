package dev.bufmgr.bench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recorded memory settings: the kernel's THP mode, the flags a fork was given, and what a fork got. */
class MemoryModeTest {

  @Test
  void readsTheKernelsBracketedMode(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("enabled");
    Files.writeString(f, "always [madvise] never\n");
    assertEquals("madvise", MemoryMode.kernelMode(f));
    Files.writeString(f, "[always] madvise never\n");
    assertEquals("always", MemoryMode.kernelMode(f));
    assertEquals("unavailable", MemoryMode.kernelMode(dir.resolve("absent")));
  }

  @Test
  void theLastSettingOfEachFlagWins(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("enabled"), "always madvise [never]\n");
    assertEquals(new MemoryMode("never", false, false), MemoryMode.requested(List.of("-Xmx1g"), f));
    assertEquals(new MemoryMode("never", true, true), MemoryMode.requested(ForkFlags.memory(true, true), f));
    List<String> args = new ArrayList<>(ForkFlags.memory(true, true));
    args.addAll(ForkFlags.memory(false, true));
    MemoryMode m = MemoryMode.requested(args, f);
    assertEquals(new MemoryMode("never", false, true), m);
    assertEquals("thp=never jvm-thp=off numa=on", m.describe());
  }

  @Test
  void forkFlagsStateBothSettingsEitherWay() {
    assertEquals(List.of("-XX:+UseTransparentHugePages", "-XX:+UseNUMA"), ForkFlags.memory(true, true));
    assertEquals(List.of("-XX:-UseTransparentHugePages", "-XX:-UseNUMA"), ForkFlags.memory(false, false));
  }

  /** A child JVM given each pair of flags reports what HotSpot made of them. */
  @Test
  void aForkReportsTheSettingsItRunsWith() throws Exception {
    for (boolean thp : new boolean[] {false, true}) {
      for (boolean numa : new boolean[] {false, true}) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ForkFlags.memory(thp, numa));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), MemoryModeProbe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        String requested = MemoryMode.requested(ForkFlags.memory(thp, numa)).describe();
        System.out.println("fork " + ForkFlags.memory(thp, numa) + ": requested " + requested + ", effective " + out);
        String last = out.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("thp=" + MemoryMode.kernelMode(MemoryMode.THP_ENABLED) + " "), out);
        if (!thp) assertTrue(last.contains("jvm-thp=off"), out);
        if (!numa) assertTrue(last.contains("numa=off"), out);
      }
    }
  }
}
