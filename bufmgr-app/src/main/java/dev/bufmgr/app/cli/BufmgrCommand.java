package dev.bufmgr.app.cli;

import dev.bufmgr.results.report.OutputTarget;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bufmgr} program: one entry point whose subcommands run replays, experiments and
 * commit simulations. Every failure caused by the user's input (a bad flag, a missing or
 * malformed file, an impossible configuration) ends with one line on stderr and exit status 2;
 * see {@link CliFailure}.
 */
@Command(
    name = "bufmgr",
    mixinStandardHelpOptions = true,
    version = "bufmgr 0.1.0",
    description = "A testbed for buffer-manager research: eviction, replay and group commit.")
public final class BufmgrCommand implements Runnable {
  /** The subcommands, in the order the usage lists them. */
  private static final List<Class<?>> SUBCOMMANDS = List.of(
      CommandLine.HelpCommand.class,
      CompareCommand.class,
      ReplayCommand.class,
      SweepCommand.class,
      ReportCommand.class,
      AnalyzeCommand.class,
      ConvertCommand.class,
      ExperimentCommand.class,
      ListCommand.class,
      CommitCommand.class,
      FsyncProbeCommand.class,
      WalLoadCommand.class,
      WalVerifyCommand.class,
      WalCrashCheckCommand.class,
      PipelineCommand.class,
      PipelineRecoverCommand.class,
      CheckPolicyCommand.class,
      BenchCommand.class);

  /** Exit status of a run that failed on bad input or configuration. */
  public static final int EXIT_BAD_INPUT = 2;

  /** Exit status of a run that failed otherwise (a background thread's failure). */
  public static final int EXIT_FAILED = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Without a subcommand: the usage on stderr and {@link #EXIT_BAD_INPUT} (nothing was run). */
  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
    throw new CommandLine.ParameterException(spec.commandLine(), "no command given");
  }

  /**
   * Builds the command line with the project's error handling installed: a command that {@link
   * WritesOutputs} has every output checked before it runs.
   */
  public static CommandLine commandLine() {
    return commandLine(null);
  }

  /**
   * {@link #commandLine()} for arguments beginning with {@code first}: when it names a
   * subcommand other than {@code help}, only that subcommand is added, since picocli reflects
   * over every option of every subcommand it is given and that is most of a short command's
   * start-up; otherwise (help, usage, a flag, an unknown name) all are.
   */
  static CommandLine commandLine(String first) {
    boolean one = first != null && !first.equals("help") && SUBCOMMANDS.stream().anyMatch(c -> nameOf(c).equals(first));
    CommandLine cl = new CommandLine(new BufmgrCommand());
    for (Class<?> c : SUBCOMMANDS) {
      if (!one || nameOf(c).equals(first)) cl.addSubcommand(c);
    }
    // An argument beginning with @ is the command's own (sweep --traces @list.txt), never picocli's
    // argument file: picocli would read any file so named whole, /dev/zero for ever.
    cl.setExpandAtFiles(false);
    cl.setExecutionExceptionHandler(new FailureHandler());
    cl.setParameterExceptionHandler(new FailureHandler());
    cl.setExecutionStrategy(BufmgrCommand::checkOutputsThenRun);
    return cl;
  }

  private static int checkOutputsThenRun(CommandLine.ParseResult parsed) {
    List<CommandLine> chain = parsed.asCommandLineList();
    boolean help = chain.stream().anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested());
    CommandLine last = chain.getLast();
    if (!help && last.getCommand() instanceof WritesOutputs w) {
      try {
        w.outputTargets().forEach(OutputTarget::check);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ExecutionException(last, e.getMessage(), e);
      }
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  private static String nameOf(Class<?> subcommand) {
    return subcommand.getAnnotation(Command.class).name();
  }

  /** Runs {@code bufmgr} with the given arguments and returns its exit status. */
  public static int execute(String... args) {
    return commandLine(args.length > 0 ? args[0] : null).execute(args);
  }

  /**
   * Runs the program and exits with its status. Running out of heap (a trace or pool too large
   * for the JVM's limit) ends with one line saying how to give more, and status 1.
   */
  public static void main(String[] args) {
    int status;
    try {
      status = execute(args);
    } catch (OutOfMemoryError e) {
      System.err.printf(
          "bufmgr: out of Java heap (limit %d MiB); give more with BUFMGR_JAVA_OPTS=-Xmx<size>%n",
          Runtime.getRuntime().maxMemory() >> 20);
      status = 1;
    }
    System.exit(status);
  }
}
