package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line is built with only the subcommand a run names, and with all of them otherwise. */
class BufmgrCommandTest {
  private static final List<String> ALL = List.of("help", "compare", "replay", "sweep", "report", "analyze", "convert", "experiment", "list", "commit",
      "fsync-probe", "wal-load", "wal-verify", "wal-crash-check", "pipeline", "pipeline-recover", "check-policy");

  private static List<String> subcommands(String first) {
    return List.copyOf(BufmgrCommand.commandLine(first).getSubcommands().keySet());
  }

  @Test
  void aNamedSubcommandIsTheOnlyOneBuilt() {
    assertEquals(List.of("replay"), subcommands("replay"));
    assertEquals(List.of("wal-crash-check"), subcommands("wal-crash-check"));
  }

  @Test
  void helpUsageFlagsAndUnknownNamesGetEverySubcommand() {
    assertEquals(ALL, subcommands(null));
    assertEquals(ALL, subcommands("help"));
    assertEquals(ALL, subcommands("--help"));
    assertEquals(ALL, subcommands("nosuch"));
    assertEquals(ALL, List.copyOf(BufmgrCommand.commandLine().getSubcommands().keySet()));
  }

  @Test
  void helpOnASubcommandStillNamesItsOptions() {
    CliRun run = CliRun.of("help", "replay");
    assertEquals(0, run.status(), run.err());
    assertEquals(true, run.out().contains("Usage: bufmgr replay"), run.out());
  }
}
