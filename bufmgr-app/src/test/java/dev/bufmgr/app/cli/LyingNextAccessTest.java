package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An oracleGeneral trace whose next-access field lies (-1 throughout, or values moved one
 * request on) is not used by OPT: the replay warns once and computes its own next accesses, and
 * OPT's hits equal those on the same trace with a true field.
 */
class LyingNextAccessTest {
  @TempDir Path dir;

  private static final int RECORD = 24;

  /** The trace with every record's next access replaced by {@code value(i, old)}. */
  private Path rewrite(Path og, String name, java.util.function.LongBinaryOperator value) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(og)).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < b.capacity() / RECORD; i++) b.putLong(i * RECORD + 16, value.applyAsLong(i, b.getLong(i * RECORD + 16)));
    return Files.write(dir.resolve(name), b.array());
  }

  private static String hitsOf(CliRun r) {
    return r.out().lines().map(l -> l.replaceAll(".*\"policy\":\"([^\"]*)\".*\"frames\":(\\d+).*\"hits\":(\\d+).*", "$1 $2 $3")).toList().toString();
  }

  @Test
  void optComputesItsOwnNextAccessesWhenTheFieldLies() throws IOException {
    Path og = dir.resolve("z.og");
    CliRun c = CliRun.of("convert", "--workload", "zipf:requests=60000,pages=5000,theta=0.9,seed=3", "--to", "oracleGeneral",
        "--out", og.toString());
    assertEquals(0, c.status(), c.err());
    String[] replay = {"replay", "--format", "oracleGeneral", "--policy", "opt:bypass=false", "--policy", "opt",
        "--frames", "100,800", "--output", "jsonl", "--no-warm-up", "--quiet", "--trace"};
    CliRun truthful = CliRun.of(with(replay, og));
    assertEquals(0, truthful.status(), truthful.err());
    assertFalse(truthful.err().contains("warning"), truthful.err());

    Path never = rewrite(og, "never.og", (i, old) -> -1);
    Path shifted = rewrite(og, "shifted.og", (i, old) -> old == -1 ? -1 : old + 1);
    for (Path lying : List.of(never, shifted)) {
      CliRun r = CliRun.of(with(replay, lying));
      assertEquals(0, r.status(), r.err());
      assertEquals(hitsOf(truthful), hitsOf(r), lying.getFileName() + ": OPT's hits as on the true trace");
      List<String> warnings = r.err().lines().filter(l -> l.contains("warning")).toList();
      assertEquals(1, warnings.size(), r.err());
      assertTrue(warnings.getFirst().startsWith("bufmgr: warning: " + lying + ": its next-access field is false, so OPT computes its own"),
          warnings.getFirst());
      assertTrue(warnings.getFirst().contains("of the first 60,000 requests carry a wrong next access"), warnings.getFirst());
    }
  }

  private static String[] with(String[] args, Path trace) {
    String[] a = java.util.Arrays.copyOf(args, args.length + 1);
    a[args.length] = trace.toString();
    return a;
  }
}
