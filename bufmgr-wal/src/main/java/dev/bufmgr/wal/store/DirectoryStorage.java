package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** A {@link LogStorage} on a real directory: {@link FileChannel}s, fdatasync, rename(2), fsync of the directory. */
public final class DirectoryStorage implements LogStorage {
  private final Path dir;

  /** The storage of {@code dir} (which must exist). */
  public DirectoryStorage(Path dir) {
    this.dir = dir;
  }

  /** The directory. */
  public Path dir() {
    return dir;
  }

  @Override
  public List<String> list() throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.forEach(p -> names.add(p.getFileName().toString()));
    }
    return names;
  }

  @Override
  public boolean exists(String name) {
    return Files.exists(dir.resolve(name));
  }

  @Override
  public LogFile open(String name, boolean write) throws IOException {
    return write
        ? new ChannelFile(FileChannel.open(dir.resolve(name), StandardOpenOption.READ, StandardOpenOption.WRITE))
        : new ChannelFile(FileChannel.open(dir.resolve(name), StandardOpenOption.READ));
  }

  @Override
  public LogFile create(String name) throws IOException {
    return new ChannelFile(FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE_NEW,
        StandardOpenOption.READ, StandardOpenOption.WRITE));
  }

  @Override
  public void rename(String from, String to) throws IOException {
    Files.move(dir.resolve(from), dir.resolve(to), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public void delete(String name) throws IOException {
    Files.deleteIfExists(dir.resolve(name));
  }

  /**
   * {@inheritDoc} Platforms that cannot open a directory as a channel (Windows) leave the
   * entries' durability to the file system.
   */
  @Override
  public void forceDirectory() throws IOException {
    FileChannel d;
    try {
      d = FileChannel.open(dir, StandardOpenOption.READ);
    } catch (IOException | UnsupportedOperationException e) {
      return;
    }
    try (d) {
      d.force(true);
    }
  }

  @Override
  public String describe() {
    return dir.toString();
  }

  /** A file of this directory. */
  private record ChannelFile(FileChannel channel) implements LogFile {
    @Override
    public long size() throws IOException {
      return channel.size();
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      int total = 0;
      while (dst.hasRemaining()) {
        int n = channel.read(dst, position + total);
        if (n < 0) break;
        total += n;
      }
      return total;
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
      long pos = position;
      while (src.hasRemaining()) pos += channel.write(src, pos);
    }

    @Override
    public void force() throws IOException {
      channel.force(false);
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
