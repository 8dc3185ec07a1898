package dev.bufmgr.app.cli;

import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import dev.bufmgr.wal.store.AckLog;
import dev.bufmgr.app.commit.CommitRows;
import dev.bufmgr.app.commit.RealTimeClients;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr wal-load}: commits from N threads on the real-file device of a log directory
 * (recovered first: a torn tail is cut and said on stderr; corruption refuses), with a release
 * policy, for S seconds; after each acknowledgement the commit id and its record's LSN are
 * appended to the ack log, so {@code wal-verify} can check that no acknowledged commit is lost,
 * even when this process is killed. Commit ids start at the log's incarnation times 2^40, above
 * every id an earlier run could have acknowledged.
 */
@Command(
    name = "wal-load",
    mixinStandardHelpOptions = true,
    description = "Commits from N threads to a real log file, recording every acknowledged commit id.")
public final class WalLoadCommand implements Runnable, WritesOutputs {
  private static final int MAX_SECONDS = 7 * 24 * 3600;
  @Spec CommandSpec spec;

  @Option(names = "--dir", required = true, description = "Log directory.")
  Path dir;

  @Option(names = "--init", description = "Create a new log when DIR holds none (without it, a missing log is an error).")
  boolean init;

  @Option(names = "--segment-size", defaultValue = "16MiB",
      description = "Segment size of a log created with --init: a power of two from 64KiB to 1GiB (default: ${DEFAULT-VALUE}).")
  String segmentSize;

  @Option(names = "--clients", defaultValue = "4", description = "Committing threads (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(names = "--seconds", defaultValue = "5", description = "Run length in seconds (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(names = "--ack-log", description = "File to append each acknowledged commit id to.")
  Path ackLog;

  @Option(names = {Flags.RELEASE, Flags.RELEASE_ALIAS_POLICY}, paramLabel = Flags.SPEC_LABEL, defaultValue = "greedy",
      description = {Flags.RELEASE_HELP, "A durable one (default: ${DEFAULT-VALUE})."})
  String policy;

  @Option(names = "--think", defaultValue = "0ms", description = "Think time between a client's commits, exponential (default: ${DEFAULT-VALUE}).")
  String think;

  @Option(names = "--record-bytes", defaultValue = "64", description = "Bytes per commit record (default: ${DEFAULT-VALUE}).")
  int recordBytes;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the think times (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--flush-mode", paramLabel = "MODE", description = {
      "Who flushes the log. leader: the committing thread that finds no flush in progress flushes itself,",
      "  the others wait (PostgreSQL 9.2); flusher: a dedicated flusher thread. Default: " + FlushModes.DEFAULT_SPEC + "."})
  String flushMode;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Override
  public List<OutputTarget> outputTargets() {
    return ackLog == null ? List.of() : List.of(OutputTarget.appendedFile("--ack-log", ackLog));
  }

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    PolicyFactory factory = ReleasePolicies.parse(Flags.RELEASE, policy);
    if (!factory.create().durable()) {
      throw new CliFailure(Flags.RELEASE + " " + policy + " is not durable; wal-load needs a durable policy");
    }
    FlushMode mode = FlushModes.parse(flushMode);
    if (clients < 1) throw new CliFailure("--clients must be >= 1");
    if (!(seconds > 0) || seconds > MAX_SECONDS) throw new CliFailure("--seconds must be > 0 and at most " + MAX_SECONDS + " (a week)");
    if (recordBytes < 0 || recordBytes > LogFormat.MAX_RECORD) {
      throw new CliFailure("--record-bytes must be from 0 to " + LogFormat.MAX_RECORD + " (the largest record)");
    }
    ThinkTime thinkTime = new ThinkTime(Durations.parseNanos(think, "--think"), ThinkTime.Distribution.EXP);
    int segmentBytes = segmentBytes(segmentSize);
    long wall0 = System.nanoTime();
    CommitResult result;
    DurableLog.Opened opened;
    try {
      opened = DurableLog.open(dir, init, segmentBytes);
    } catch (IOException e) {
      throw new CliFailure(dir + ": cannot open the log (" + IoReasons.of(e) + ")", e);
    }
    if (opened.staleLock() != null) spec.commandLine().getErr().println(opened.staleLock());
    if (opened.cut() != null) {
      spec.commandLine().getErr().println(opened.cut());
      spec.commandLine().getErr().flush();
    }
    try (FileDevice device = new FileDevice(opened.writer(), null, 8192, "file:" + dir);
        AckLog acks = ackLog == null ? null : AckLog.append(ackLog)) {
      WalLog log = new WalLog(opened.endLsn(), 16 << 20, opened.writer().identity());
      GroupCommitter committer = new GroupCommitter(factory.create(), log, device, false, clients, mode).start();
      RealTimeClients load = new RealTimeClients(committer, clients, thinkTime, recordBytes,
          opened.writer().firstCommitId(), acks == null ? null : acks::record, seed);
      load.start();
      Thread.sleep(Math.round(seconds * 1000));
      // Clients first: each finishes the commit it waits on, so the count printed is every
      // acknowledged commit, as many as the ack log's lines and the log's commit records.
      load.stopAndJoin();
      result = committer.result("closed:clients=" + clients + "," + thinkTime.spec(), seed, System.nanoTime() - wall0);
      committer.close();
    } catch (IOException e) {
      throw new CliFailure(dir + ": " + IoReasons.of(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    spec.commandLine().getOut().print(format.render(List.of(CommitRows.of(result)
        .put("dir", dir.toString())
        .put("created", opened.created())
        .put("incarnation", opened.control().incarnation())
        .put("recoveredCommits", opened.recovered().commits())
        .put("tornTailBytesCut", opened.recovered().tornTail() ? opened.recovered().tornTailBytes() : 0)
        .put("tornTailRecordsCut", opened.recovered().tornTail() ? opened.recovered().tornTailRecords() : 0))));
    spec.commandLine().getOut().flush();
  }

  /** The bytes of a {@code --segment-size} such as {@code 16MiB}, {@code 64KiB} or {@code 1GiB}. */
  static int segmentBytes(String text) {
    String t = text.trim();
    long unit = 1;
    for (String[] u : new String[][] {{"KiB", "1024"}, {"MiB", "1048576"}, {"GiB", "1073741824"}}) {
      if (t.endsWith(u[0])) {
        unit = Long.parseLong(u[1]);
        t = t.substring(0, t.length() - u[0].length()).trim();
        break;
      }
    }
    long bytes;
    try {
      bytes = Math.multiplyExact(Long.parseLong(t), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new CliFailure("--segment-size " + text + ": not a size such as 16MiB, 64KiB or 1GiB");
    }
    if (bytes < LogLayout.MIN_SEGMENT || bytes > LogLayout.MAX_SEGMENT || Long.bitCount(bytes) != 1) {
      throw new CliFailure("--segment-size " + text + ": not a power of two from 64KiB to 1GiB");
    }
    return (int) bytes;
  }
}
