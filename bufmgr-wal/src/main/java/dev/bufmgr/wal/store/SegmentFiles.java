package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The segment files of a log being written: each one created full-size before use (written with
 * zeros into a temporary file, forced, renamed into place, the directory forced, as PostgreSQL's
 * {@code XLogFileInitInternal} does with {@code wal_init_zero}), so a flush never changes a
 * file's size; the next segment prepared in the background as soon as one is first written
 * ({@code PreallocXlogFiles}); segments that lie wholly before the log's start recycled as future
 * segments or removed ({@code RemoveOldXlogFiles}, {@code InstallXLogFileSegment}).
 *
 * <p>Threading: the writer calls {@link #forWrite}; a checkpoint may call {@link #retireBefore}
 * from another thread; one background thread prepares segments. All file creation and renaming
 * happens under one lock.
 */
final class SegmentFiles implements AutoCloseable {
  /** Future segments kept ready, counting recycled ones (PostgreSQL keeps {@code min_wal_size} worth). */
  static final int READY_AHEAD = 2;
  private static final String TEMP_SUFFIX = ".tmp";

  private final LogStorage storage;
  private final LogLayout layout;
  private final Map<Long, LogFile> open = new HashMap<>();
  private final Set<Long> ready = new HashSet<>();
  private final Set<Long> preparing = new HashSet<>();
  private final ArrayDeque<Long> requests = new ArrayDeque<>();
  private final Thread preparer;
  private IOException backgroundFailure;
  private boolean closed;

  SegmentFiles(LogStorage storage, LogLayout layout) throws IOException {
    this.storage = storage;
    this.layout = layout;
    for (String name : storage.list()) {
      if (name.endsWith(TEMP_SUFFIX) && LogLayout.segmentNumber(name.substring(0, name.length() - TEMP_SUFFIX.length())) >= 0) {
        storage.delete(name); // a preparation a crash interrupted
      } else if (LogLayout.segmentNumber(name) >= 0) {
        ready.add(LogLayout.segmentNumber(name));
      }
    }
    this.preparer = Thread.ofPlatform().name("wal-segment-preparer").daemon().unstarted(this::prepareLoop);
    preparer.start();
  }

  /** The segment file {@code segment}, open for writing, prepared first when needed; asks for the next one in the background. */
  synchronized LogFile forWrite(long segment) throws IOException {
    LogFile f = open.get(segment);
    if (f != null) return f;
    if (backgroundFailure != null) throw backgroundFailure;
    while (preparing.contains(segment)) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while segment " + LogLayout.segmentName(segment) + " was prepared");
      }
    }
    if (!ready.contains(segment)) {
      writeZeroSegment(segment);
      ready.add(segment);
    }
    f = storage.open(LogLayout.segmentName(segment), true);
    fillToSize(f);
    open.put(segment, f);
    if (!ready.contains(segment + 1) && !preparing.contains(segment + 1)) {
      requests.add(segment + 1);
      notifyAll();
    }
    return f;
  }

  /**
   * Extends a segment file shorter than the segment size (damage: preparation renames only
   * full files into place) with zeros, forced, keeping what it holds, so no flush changes its size.
   */
  private void fillToSize(LogFile f) throws IOException {
    long size = f.size();
    if (size >= layout.segmentBytes()) return;
    ByteBuffer zeros = ByteBuffer.allocate(LogLayout.PAGE_BYTES);
    for (long at = size; at < layout.segmentBytes(); at += zeros.capacity()) {
      f.write(zeros.clear().limit((int) Math.min(zeros.capacity(), layout.segmentBytes() - at)), at);
    }
    f.force();
  }

  /** Closes the files of the segments before {@code segment} (the writer has moved past them). */
  synchronized void closeBefore(long segment) throws IOException {
    for (Long s : Set.copyOf(open.keySet())) {
      if (s < segment) open.remove(s).close();
    }
  }

  /** Creates segment {@code segment} full of zeros (see the class comment). */
  private void writeZeroSegment(long segment) throws IOException {
    String name = LogLayout.segmentName(segment);
    String temp = name + TEMP_SUFFIX;
    storage.delete(temp);
    try (LogFile f = storage.create(temp)) {
      ByteBuffer zeros = ByteBuffer.allocate(Math.min(layout.segmentBytes(), 1 << 20));
      for (long at = 0; at < layout.segmentBytes(); at += zeros.capacity()) {
        f.write(zeros.clear(), at);
      }
      f.force();
    }
    storage.rename(temp, name);
    storage.forceDirectory();
  }

  /**
   * Recycles or removes every segment wholly before {@code startLsn} (the log's start, already
   * made durable in the control file): up to {@link #READY_AHEAD} future segments are kept, as
   * renamed old ones (their stale pages are recognized by their page addresses), the rest
   * removed.
   *
   * @return segments recycled and removed
   */
  synchronized int[] retireBefore(long startLsn) throws IOException {
    long first = layout.segmentOf(startLsn);
    long highest = first;
    for (long s : ready) highest = Math.max(highest, s);
    for (long s : preparing) highest = Math.max(highest, s);
    int recycled = 0;
    int removed = 0;
    for (Long s : Set.copyOf(ready)) {
      if (s >= first) continue;
      LogFile f = open.remove(s);
      if (f != null) f.close();
      ready.remove(s);
      if (highest - first < READY_AHEAD) {
        highest++;
        storage.rename(LogLayout.segmentName(s), LogLayout.segmentName(highest));
        ready.add(highest);
        recycled++;
      } else {
        storage.delete(LogLayout.segmentName(s));
        removed++;
      }
    }
    if (recycled + removed > 0) storage.forceDirectory();
    return new int[] {recycled, removed};
  }

  private void prepareLoop() {
    while (true) {
      long segment;
      synchronized (this) {
        try {
          while (!closed && (requests.isEmpty() || backgroundFailure != null)) wait();
        } catch (InterruptedException e) {
          return;
        }
        if (closed) return;
        segment = requests.poll();
        if (ready.contains(segment) || preparing.contains(segment)) continue;
        preparing.add(segment);
      }
      IOException failure = null;
      try {
        writeZeroSegment(segment);
      } catch (IOException e) {
        failure = e;
      }
      synchronized (this) {
        preparing.remove(segment);
        if (failure == null) ready.add(segment);
        else backgroundFailure = failure;
        notifyAll();
      }
    }
  }

  /** Stops the background preparation (waiting for a segment being written) and closes the open segments. */
  @Override
  public void close() throws IOException {
    synchronized (this) {
      closed = true;
      notifyAll();
    }
    try {
      preparer.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeFiles();
  }

  private synchronized void closeFiles() throws IOException {
    IOException failure = null;
    for (LogFile f : open.values()) {
      try {
        f.close();
      } catch (IOException e) {
        failure = e;
      }
    }
    open.clear();
    if (failure != null) throw failure;
  }
}
