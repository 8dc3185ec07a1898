package dev.bufmgr.pipeline.run;

import dev.bufmgr.wal.store.AckLog;
import dev.bufmgr.pipeline.IntervalRow;
import dev.bufmgr.pipeline.RunObserver;
import dev.bufmgr.results.report.OutputFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * What a real-clock run on {@code file:DIR} leaves in its folder as it goes, so that a killed run
 * keeps it: {@value #SERIES}, each interval row appended as it is closed, and {@value #ACKS}, each
 * acknowledged transaction appended after its commit was acknowledged ({@link AckLog}, with the
 * transaction's page changes, for {@code pipeline-recover} to check). Each line is one write
 * system call: a kill keeps every complete line, and a cut last line is ignored by its reader.
 */
public final class RunRecords implements RunObserver, AutoCloseable {
  /** The time series' file in a run's folder. */
  public static final String SERIES = "series.jsonl";
  /** The acknowledged transactions' file in a run's folder. */
  public static final String ACKS = "acks";

  private final PipelineRun run;
  private final FileChannel series;
  private final AckLog acks;

  private RunRecords(PipelineRun run, FileChannel series, AckLog acks) {
    this.run = run;
    this.series = series;
    this.acks = acks;
  }

  /** Creates both files in {@code folder} for {@code run}. */
  public static RunRecords open(Path folder, PipelineRun run) throws IOException {
    return open(folder, run, false);
  }

  /**
   * Creates both files in {@code folder} for {@code run}, or, when {@code continued}, appends to
   * those of the recovered run it continues.
   */
  public static RunRecords open(Path folder, PipelineRun run, boolean continued) throws IOException {
    FileChannel series = FileChannel.open(folder.resolve(SERIES), continued ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    try {
      return new RunRecords(run, series, AckLog.append(folder.resolve(ACKS)));
    } catch (IOException | RuntimeException e) {
      series.close();
      throw e;
    }
  }

  @Override
  public void interval(IntervalRow row) {
    ByteBuffer b = ByteBuffer.wrap(OutputFormat.JSONL.render(List.of(PipelineRows.interval(run, row))).getBytes(StandardCharsets.UTF_8));
    try {
      while (b.hasRemaining()) series.write(b);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the run's " + SERIES, e);
    }
  }

  @Override
  public void acknowledged(long commitId, long commitLsn, long[] pages, long[] lsns, int changes) {
    acks.record(commitId, commitLsn, pages, lsns, changes);
  }

  @Override
  public void close() throws IOException {
    try {
      series.close();
    } finally {
      acks.close();
    }
  }
}
