package dev.bufmgr.spark;

import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A task's trace as a local file on the executor: a plain path or a {@code file:} URI is read
 * where it is (a cluster's executors then need it at the same path, as on a shared mount); any
 * other Hadoop file-system URI ({@code hdfs://}, {@code s3a://} with its connector on the class
 * path) is copied into a temporary folder of the executor first and removed when the task ends.
 * The trace readers need a seekable local file (formats tell their length, OPT reads ahead), so
 * the copy is made whole rather than streamed.
 */
final class ExecutorTraces {
  private ExecutorTraces() {}

  /** A local copy or the file itself; closing removes a copy. */
  record Local(Path path, Path copyFolder) implements AutoCloseable {
    @Override
    public void close() {
      if (copyFolder == null) return;
      try (Stream<Path> s = Files.walk(copyFolder)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove " + copyFolder + ": " + IoReasons.of(e), e);
      }
    }
  }

  /**
   * Opens {@code trace} as a local file.
   *
   * @throws UncheckedIOException naming the trace when a remote one cannot be copied
   * @throws IllegalArgumentException when the trace is not a usable URI
   */
  static Local open(String trace, Configuration conf) {
    String scheme = schemeOf(trace);
    if (scheme == null) return new Local(Path.of(trace), null);
    if (scheme.equals("file")) {
      try {
        return new Local(Path.of(new URI(trace)), null);
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new IllegalArgumentException(trace + ": not a file URI (" + e.getMessage() + ")");
      }
    }
    Path folder = null;
    try {
      org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(trace);
      folder = Files.createTempDirectory("bufmgr-trace");
      Path local = folder.resolve(remote.getName());
      FileSystem fs = remote.getFileSystem(conf);
      fs.copyToLocalFile(false, remote, new org.apache.hadoop.fs.Path(local.toUri()), true);
      return new Local(local, folder);
    } catch (IOException | RuntimeException e) {
      if (folder != null) new Local(null, folder).close();
      String why = e instanceof IOException io ? IoReasons.of(io) : String.valueOf(e.getMessage());
      throw new UncheckedIOException(trace + ": cannot copy to the executor: " + why,
          e instanceof IOException io ? io : new IOException(e));
    }
  }

  /** The URI scheme of {@code trace} ({@code hdfs}, {@code file}, ...), or null for a plain path. */
  static String schemeOf(String trace) {
    int colon = trace.indexOf(':');
    if (colon < 2) return null;
    String s = trace.substring(0, colon);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.')) return null;
    }
    return s.toLowerCase(java.util.Locale.ROOT);
  }
}
