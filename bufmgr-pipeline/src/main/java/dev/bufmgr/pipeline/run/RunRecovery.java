package dev.bufmgr.pipeline.run;

import dev.bufmgr.wal.store.AckLog;
import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.pipeline.WalWriteBack;
import dev.bufmgr.wal.store.DirectoryStorage;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import dev.bufmgr.wal.store.LogScan;
import dev.bufmgr.wal.store.RecordVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.agrona.collections.Long2LongHashMap;

/**
 * Crash recovery of a real-clock pipeline run's folder, as PostgreSQL's redo ({@code
 * StartupXLOG}, {@code XLogReadBufferForRedo}): the log is opened for writing (its lock taken,
 * over a dead writer's if need be, and a torn tail cut); from the redo point of the last
 * completed checkpoint, which is the log's start (the control file moves the start there once the
 * checkpoint's pages are forced, as PostgreSQL updates {@code pg_control}; a checkpoint record is
 * written when a checkpoint begins, so the last one in the log may belong to a checkpoint a kill
 * cut short, whose pages were not all written), each page-change record is replayed over the data file: a
 * full-page image restores the page, a plain record applies when the page's LSN is older than the
 * record's. The data file's pages carry only their header (page id and LSN, {@link WalWriteBack}),
 * so replaying a record sets the page's LSN to the record's end. The repaired headers are written
 * back and forced. Then every transaction of the run's {@link RunRecords#ACKS} is checked: its
 * commit record must be in the log (or before the log's start, recycled by a checkpoint), and
 * every page it changed must carry at least that change's LSN. When nothing is lost or
 * unrecoverable, {@value #RECOVERED} records the log's end: the folder may be continued by a new
 * run ({@link #continuable}).
 *
 * <p>Unrecoverable: a page stored with an LSN beyond the log's end (its change is not in the
 * log), and a plain record whose page misses the page's previous change in the log (it was
 * before the redo point, yet not on the stored page: a checkpoint that did not write it).
 */
public final class RunRecovery {
  /** Bytes per page slot of the data file (as {@link PipelineDevice} opens it). */
  public static final int PAGE_BYTES = 8192;
  /**
   * The file a recovery that found nothing lost leaves in the run's folder: the log's durable end
   * it recovered to. While the log still ends there, the folder is a recovered data directory a new
   * run may continue ({@link #continuable}).
   */
  public static final String RECOVERED = "recovered";

  private RunRecovery() {}

  /**
   * What recovery did and found.
   *
   * @param notices the stale-lock and torn-tail lines, if any
   * @param startLsn the log's first LSN
   * @param endLsn the log's durable end
   * @param redo the redo point replay started from
   * @param checkpoints the checkpoint records in the log
   * @param pagesInFile pages the data file held
   * @param pagesRepaired pages whose LSN recovery changed
   * @param fullPageImages images restored
   * @param plainApplied plain records applied
   * @param transactions acknowledged transactions checked
   * @param changes their page changes checked
   * @param lost one line per acknowledged transaction lost
   * @param unrecoverable one line per page recovery could not bring up to date
   */
  public record Result(List<String> notices, long startLsn, long endLsn, long redo, long checkpoints, long pagesInFile,
      long pagesRepaired, long fullPageImages, long plainApplied, long transactions, long changes, List<String> lost,
      List<String> unrecoverable) {
    /** Whether nothing was lost or unrecoverable. */
    public boolean ok() {
      return lost.isEmpty() && unrecoverable.isEmpty();
    }
  }

  /**
   * Recovers the run folder {@code folder}.
   *
   * @throws IllegalArgumentException when it holds no log or data file, when another writer holds
   *     it, or when the log is corrupt in the middle (the message says where)
   */
  public static Result recover(Path folder) throws IOException {
    Path dataFile = folder.resolve(PipelineDevice.DATA_FILE);
    if (!Files.isRegularFile(dataFile)) throw new IllegalArgumentException(folder + ": no " + PipelineDevice.DATA_FILE + " (not a pipeline run's folder)");
    Path ackFile = folder.resolve(RunRecords.ACKS);
    if (!Files.isRegularFile(ackFile)) throw new IllegalArgumentException(folder + ": no " + RunRecords.ACKS + " (not a pipeline run's folder)");
    DurableLog.Opened log = DurableLog.open(folder, false, LogLayout.DEFAULT_SEGMENT);
    Result result;
    try (FileChannel data = FileChannel.open(dataFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      List<String> notices = new ArrayList<>();
      if (log.staleLock() != null) notices.add(log.staleLock());
      if (log.cut() != null) notices.add(log.cut());
      Records records = new Records();
      LogScan scan = DurableLog.inspect(new DirectoryStorage(folder), records);
      long redo = scan.startLsn();
      Long2LongHashMap slots = new Long2LongHashMap(-1);
      Long2LongHashMap stored = readHeaders(data, slots);
      Long2LongHashMap pages = new Long2LongHashMap(0);
      stored.forEachLong(pages::put);
      List<String> unrecoverable = new ArrayList<>();
      stored.forEachLong((page, lsn) -> {
        if (lsn > scan.endLsn()) {
          unrecoverable.add("unrecoverable: page " + page + " is stored with LSN " + lsn + ", beyond the log's end " + scan.endLsn()
              + " (its change is not in the log)");
        }
      });
      long images = 0;
      long plain = 0;
      Long2LongHashMap previous = new Long2LongHashMap(0);
      for (int i = 0; i < records.count; i++) {
        long page = records.pages[i];
        long end = records.ends[i];
        if (end > redo) {
          long now = pages.get(page);
          if (records.images[i]) {
            pages.put(page, end);
            images++;
          } else if (now < end) {
            long before = previous.get(page);
            if (before > now) {
              unrecoverable.add("unrecoverable: page " + page + " at LSN " + now + " misses its change ending at " + before
                  + " (before the redo point " + redo + ") that the record ending at " + end + " applies after");
            }
            pages.put(page, end);
            plain++;
          }
        }
        previous.put(page, end);
      }
      long repaired = writeRepaired(data, slots, stored, pages);
      List<String> lost = new ArrayList<>();
      long[] checked = new long[2];
      AckLog.readTransactions(ackFile, t -> {
        checked[0]++;
        checked[1] += t.pages().length;
        if (t.lsn() > scan.endLsn() || (t.lsn() > scan.startLsn() && records.commits.get(t.lsn()) != t.id())) {
          lost.add("lost: transaction " + t.id() + ": its commit record ending at " + t.lsn() + " is not in the log (log "
              + scan.startLsn() + ".." + scan.endLsn() + ")");
          return;
        }
        for (int i = 0; i < t.pages().length; i++) {
          long has = pages.get(t.pages()[i]);
          if (has < t.lsns()[i]) {
            lost.add("lost: transaction " + t.id() + ": page " + t.pages()[i] + " recovered at LSN " + has
                + ", without its change ending at " + t.lsns()[i]);
            return;
          }
        }
      });
      result = new Result(notices, scan.startLsn(), scan.endLsn(), redo, records.checkpoints, stored.size(), repaired, images,
          plain, checked[0], checked[1], lost, unrecoverable);
    } finally {
      log.writer().close();
    }
    if (result.ok()) AtomicOutput.writeString(folder.resolve(RECOVERED), result.endLsn() + "\n");
    return result;
  }

  /**
   * Whether a new run may continue in {@code folder}, as PostgreSQL restarts on the data directory
   * its recovery left: {@code pipeline-recover} found nothing lost there ({@value #RECOVERED}) and
   * the log has not grown since (a run continued and then killed needs recovering again).
   *
   * @return the log's end, where the continued run's records begin
   * @throws IllegalArgumentException saying why not and what to do
   */
  public static long continuable(Path folder) throws IOException {
    Path marker = folder.resolve(RECOVERED);
    if (!Files.isRegularFile(marker)) {
      throw new IllegalArgumentException(folder + " holds files of an earlier run that was not recovered: run `bufmgr "
          + "pipeline-recover " + folder + "` to continue it, or give another folder");
    }
    long recovered;
    try {
      recovered = Long.parseLong(Files.readString(marker).strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(marker + ": not an LSN; run `bufmgr pipeline-recover " + folder + "` again");
    }
    long end = DurableLog.inspect(new DirectoryStorage(folder), new RecordVisitor() {}).endLsn();
    if (end != recovered) {
      throw new IllegalArgumentException(folder + ": the log grew after its recovery (recovered to " + recovered + ", now ends at "
          + end + "): run `bufmgr pipeline-recover " + folder + "` again to continue it");
    }
    return end;
  }

  /** Each page's slot in the data file {@code data} (the slot of its newest version), read from the page headers. */
  public static Long2LongHashMap slots(FileChannel data) throws IOException {
    Long2LongHashMap slots = new Long2LongHashMap(-1);
    readHeaders(data, slots);
    return slots;
  }

  /** The page-change records in log order, the commits by end LSN, and how many checkpoint records the log holds. */
  private static final class Records implements RecordVisitor {
    long[] pages = new long[1024];
    long[] ends = new long[1024];
    boolean[] images = new boolean[1024];
    int count;
    long checkpoints;
    final Long2LongHashMap commits = new Long2LongHashMap(-1);

    @Override
    public void commit(long id, long lsn, long end) {
      commits.put(end, id);
    }

    @Override
    public void pageChange(long page, long end, int imageBytes) {
      if (count == pages.length) {
        pages = Arrays.copyOf(pages, count * 2);
        ends = Arrays.copyOf(ends, count * 2);
        images = Arrays.copyOf(images, count * 2);
      }
      pages[count] = page;
      ends[count] = end;
      images[count++] = imageBytes > 0;
    }

    @Override
    public void checkpoint(long redo, long end) {
      checkpoints++;
    }
  }

  /** Each stored page's LSN by page id, and its slot in {@code slots}; a slot never written (LSN 0) is skipped. */
  private static Long2LongHashMap readHeaders(FileChannel data, Long2LongHashMap slots) throws IOException {
    Long2LongHashMap stored = new Long2LongHashMap(0);
    ByteBuffer header = ByteBuffer.allocate(WalWriteBack.PAGE_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    long size = data.size();
    for (long slot = 0; slot * PAGE_BYTES + WalWriteBack.PAGE_HEADER <= size; slot++) {
      header.clear();
      while (header.hasRemaining() && data.read(header, slot * PAGE_BYTES + header.position()) > 0) {}
      long page = header.getLong(0);
      long lsn = header.getLong(8);
      if (lsn == 0) continue;
      if (lsn > stored.get(page)) {
        stored.put(page, lsn);
        slots.put(page, slot);
      }
    }
    return stored;
  }

  /** Writes the header of every page whose LSN recovery changed (a page new to the file gets the next slot) and forces the file. */
  private static long writeRepaired(FileChannel data, Long2LongHashMap slots, Long2LongHashMap stored, Long2LongHashMap pages)
      throws IOException {
    long[] next = {(data.size() + PAGE_BYTES - 1) / PAGE_BYTES};
    long[] repaired = {0};
    ByteBuffer page = ByteBuffer.allocate(PAGE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    IOException[] failed = {null};
    pages.forEachLong((id, lsn) -> {
      if (failed[0] != null || lsn == stored.get(id)) return;
      long slot = slots.get(id);
      if (slot < 0) slot = next[0]++;
      page.clear();
      page.putLong(0, id).putLong(8, lsn);
      try {
        long pos = slot * PAGE_BYTES;
        while (page.hasRemaining()) pos += data.write(page, pos);
      } catch (IOException e) {
        failed[0] = e;
      }
      repaired[0]++;
    });
    if (failed[0] != null) throw failed[0];
    data.force(true);
    return repaired[0];
  }
}
