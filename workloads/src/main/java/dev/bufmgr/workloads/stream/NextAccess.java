package dev.bufmgr.workloads.stream;

/**
 * Where a {@link BlockFeed} finds each request's next access (the position of the same page's
 * next request in the stream, or {@link EventBlock#NEVER}), for policies that read the future.
 */
public interface NextAccess extends AutoCloseable {

  /** Writes the next accesses of requests {@code first .. first+n-1} into {@code into[0..n)}. */
  void fill(long first, int n, long[] into);

  /** Releases what the index holds (a temporary file); never throws. */
  @Override
  void close();
}
