package dev.bufmgr.wal.crash;

import dev.bufmgr.wal.store.LogFile;
import dev.bufmgr.wal.store.LogStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A log directory in memory. When made {@link #recording()}, every call that changes something
 * (creation, write, force, rename, removal, force of the directory) is appended to an {@link
 * Operation} list in the order the calls happened, with {@link #mark} events between them, so a
 * {@link CrashStates} can rebuild what a power loss at any point could leave.
 *
 * <p>Threading: every call is serialized on this object.
 */
public final class MemoryStorage implements LogStorage {
  private final Map<String, Inode> names = new HashMap<>();
  private final List<Operation> operations;
  private int nextInode;

  private MemoryStorage(boolean record) {
    this.operations = record ? new ArrayList<>() : null;
  }

  /** An empty directory that records nothing. */
  public static MemoryStorage plain() {
    return new MemoryStorage(false);
  }

  /** An empty directory that records every change. */
  public static MemoryStorage recording() {
    return new MemoryStorage(true);
  }

  /** A directory holding these files (name to content), recording nothing. */
  static MemoryStorage of(Map<String, byte[]> files) {
    MemoryStorage s = new MemoryStorage(false);
    for (Map.Entry<String, byte[]> e : files.entrySet()) {
      Inode i = new Inode(s.nextInode++);
      i.content = e.getValue().clone();
      i.size = i.content.length;
      s.names.put(e.getKey(), i);
    }
    return s;
  }

  /** The changes recorded so far (a copy). */
  public synchronized List<Operation> operations() {
    return List.copyOf(operations);
  }

  /** Records an event between the changes (an acknowledged commit: id and LSN). */
  public synchronized void mark(long id, long lsn) {
    if (operations != null) operations.add(new Operation.Mark(id, lsn));
  }

  /** The current content of every file (name to bytes). */
  public synchronized Map<String, byte[]> snapshot() {
    Map<String, byte[]> m = new HashMap<>();
    for (Map.Entry<String, Inode> e : names.entrySet()) m.put(e.getKey(), Arrays.copyOf(e.getValue().content, (int) e.getValue().size));
    return m;
  }

  /** Replaces the bytes of file {@code name} at {@code position} (a planted change, recorded as nothing). */
  public synchronized void overwrite(String name, long position, byte[] bytes) {
    Inode i = names.get(name);
    i.write(ByteBuffer.wrap(bytes), position);
  }

  @Override
  public synchronized List<String> list() {
    return new ArrayList<>(names.keySet());
  }

  @Override
  public synchronized boolean exists(String name) {
    return names.containsKey(name);
  }

  @Override
  public synchronized LogFile open(String name, boolean write) throws IOException {
    Inode i = names.get(name);
    if (i == null) throw new NoSuchFileException(describe(name));
    return new Handle(i, write);
  }

  @Override
  public synchronized LogFile create(String name) throws IOException {
    if (names.containsKey(name)) throw new FileAlreadyExistsException(describe(name));
    Inode i = new Inode(nextInode++);
    names.put(name, i);
    if (operations != null) operations.add(new Operation.Create(name, i.id));
    return new Handle(i, true);
  }

  @Override
  public synchronized void rename(String from, String to) throws IOException {
    Inode i = names.remove(from);
    if (i == null) throw new NoSuchFileException(describe(from));
    names.put(to, i);
    if (operations != null) operations.add(new Operation.Rename(from, to));
  }

  @Override
  public synchronized void delete(String name) {
    if (names.remove(name) != null && operations != null) operations.add(new Operation.Delete(name));
  }

  @Override
  public synchronized void forceDirectory() {
    if (operations != null) operations.add(new Operation.ForceDirectory());
  }

  @Override
  public String describe() {
    return "memory";
  }

  /** A file's content. */
  private static final class Inode {
    final int id;
    byte[] content = new byte[0];
    long size;

    Inode(int id) {
      this.id = id;
    }

    void write(ByteBuffer src, long position) {
      int n = src.remaining();
      long end = position + n;
      if (end > content.length) content = Arrays.copyOf(content, (int) Math.max(end, content.length * 2L));
      src.get(content, (int) position, n);
      size = Math.max(size, end);
    }
  }

  /** An open file. */
  private final class Handle implements LogFile {
    private final Inode inode;
    private final boolean write;

    Handle(Inode inode, boolean write) {
      this.inode = inode;
      this.write = write;
    }

    @Override
    public long size() {
      synchronized (MemoryStorage.this) {
        return inode.size;
      }
    }

    @Override
    public int read(ByteBuffer dst, long position) {
      synchronized (MemoryStorage.this) {
        int n = (int) Math.max(0, Math.min(dst.remaining(), inode.size - position));
        dst.put(inode.content, (int) position, n);
        return n;
      }
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
      if (!write) throw new IOException("file opened read-only");
      synchronized (MemoryStorage.this) {
        if (operations != null) {
          byte[] copy = new byte[src.remaining()];
          src.duplicate().get(copy);
          operations.add(new Operation.Write(inode.id, position, copy));
        }
        inode.write(src, position);
      }
    }

    @Override
    public void force() {
      synchronized (MemoryStorage.this) {
        if (operations != null) operations.add(new Operation.Force(inode.id));
      }
    }

    @Override
    public void close() {}
  }
}
