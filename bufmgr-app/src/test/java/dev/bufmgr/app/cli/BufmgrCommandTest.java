package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line is built with only the subcommand a run names, and with all of them otherwise. */
class BufmgrCommandTest {
  private static final List<String> ALL = List.of("help", "compare", "replay", "sweep", "report", "analyze", "convert", "experiment", "list", "commit",
      "fsync-probe", "wal-load", "wal-verify", "wal-crash-check", "pipeline", "pipeline-recover", "check-policy", "bench");

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

  /** Issue 35: --help cut compare's and pipeline's one-liners mid-sentence. */
  @Test
  void everyOneLinerOfTheHelpIsOneWholeSentence() {
    List<picocli.CommandLine> lines = new java.util.ArrayList<>(BufmgrCommand.commandLine().getSubcommands().values());
    lines.addAll(BufmgrCommand.commandLine().getSubcommands().get("experiment").getSubcommands().values());
    List<String> bad = new java.util.ArrayList<>();
    for (picocli.CommandLine c : lines) {
      String[] d = c.getCommandSpec().usageMessage().description();
      if (c.getCommandName().equals("help")) continue;
      String first = d.length == 0 ? "" : d[0];
      if (!(first.endsWith(".") && first.indexOf(". ") < 0)) bad.add(c.getCommandName() + ": '" + first + "'");
    }
    assertEquals(List.of(), bad, "a first description line that is not one whole sentence");
    CliRun run = CliRun.of("--help");
    assertEquals(true, run.out().contains("bench") && run.out().contains("Run a benchmark matrix (JMH) within a time budget."), run.out());
  }

  @Test
  void helpOnASubcommandStillNamesItsOptions() {
    CliRun run = CliRun.of("help", "replay");
    assertEquals(0, run.status(), run.err());
    assertEquals(true, run.out().contains("Usage: bufmgr replay"), run.out());
  }

  /**
   * Every subcommand's and experiment's --help is formatted by picocli without a warning: a bare '%'
   * in a description (a share such as 70%) made picocli print "[picocli WARN] Could not format" to
   * stderr and show the text unformatted.
   */
  @Test
  void everyHelpFormatsWithoutWarnings() {
    List<String[]> helps = new java.util.ArrayList<>();
    for (String name : BufmgrCommand.commandLine().getSubcommands().keySet()) {
      if (!name.equals("help")) helps.add(new String[] {name, "--help"});
    }
    for (String name : BufmgrCommand.commandLine().getSubcommands().get("experiment").getSubcommands().keySet()) {
      helps.add(new String[] {"experiment", name, "--help"});
    }
    List<String> bad = new java.util.ArrayList<>();
    for (String[] args : helps) {
      CliRun run = CliRun.of(args);
      if (run.status() != 0 || run.err().contains("WARN") || run.out().contains("%n")) {
        bad.add(String.join(" ", args) + ": " + run.err().lines().findFirst().orElse("exit " + run.status()));
      }
    }
    assertEquals(List.of(), bad, "a --help that picocli could not format");
  }
}
