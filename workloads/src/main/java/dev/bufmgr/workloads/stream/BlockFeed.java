package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import java.util.ArrayList;
import java.util.List;
import dev.bufmgr.core.resource.ThreadFailure;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * Reads an event source once, on a reader thread of its own, and hands every block of requests
 * to each of its consumers: the source is decoded once however many consumers there are, and
 * memory is bounded by the blocks in flight, whatever the stream's length.
 *
 * <p>At most {@link #BLOCKS} blocks circulate, each made by the reader when it finds none free
 * (so a short input costs only the blocks it fills): the reader fills a free one (dropping
 * transaction markers, attaching next accesses when asked), publishes it on every consumer's
 * single-producer queue (JCTools {@link SpscArrayQueue}), and the last consumer to {@link
 * #release} it returns it to the free list (an {@link MpscArrayQueue}). Waiting on either side
 * backs off from spinning to parking (Agrona's {@link BackoffIdleStrategy}). A failure while
 * reading (a malformed record, or the heap running out) ends the stream and is rethrown to every
 * consumer by {@link #take}.
 */
public final class BlockFeed implements AutoCloseable {
  /** The reader thread's name, as a failure names it. */
  public static final String READER_THREAD = "replay-reader";

  /** Requests per block. */
  public static final int BLOCK_CAPACITY = 1 << 14;
  /** The most blocks in flight: the feed's memory is at most this many blocks. */
  public static final int BLOCKS = 32;

  private final EventSource source;
  private final NextAccess nextAccess;
  private final boolean withMisses;
  private final List<SpscArrayQueue<EventBlock>> queues = new ArrayList<>();
  private final MpscArrayQueue<EventBlock> free;
  private final boolean dropMarkers;
  private final boolean fields;
  private final int consumers;
  private Thread reader;
  private volatile boolean ended;
  private volatile boolean stopping;
  /** What ended the reading early: a {@link RuntimeException} or an {@link Error}; null otherwise. */
  private volatile Throwable failure;
  private volatile long delivered;
  /** Blocks the reader has made so far (it alone writes this). */
  private volatile int made;

  /**
   * A feed of {@code source} to {@code consumers} consumers; {@code nextAccess}, when not null,
   * gives each request's next access. The feed owns both and closes them.
   */
  public BlockFeed(EventSource source, int consumers, NextAccess nextAccess) {
    this(source, consumers, nextAccess, false);
  }

  /**
   * As {@link #BlockFeed(EventSource, int, NextAccess)}; with {@code withMisses}, each block has
   * room for one run to note the pages that missed it ({@link EventBlock#missBuffer}).
   */
  public BlockFeed(EventSource source, int consumers, NextAccess nextAccess, boolean withMisses) {
    this.withMisses = withMisses;
    if (consumers < 1) throw new IllegalArgumentException("a feed needs at least one consumer");
    this.source = source;
    this.nextAccess = nextAccess;
    if (nextAccess != null && dropsMarkers(source) && source instanceof CarriesNextAccess) {
      throw new IllegalArgumentException(source.name() + ": next accesses carried beside transaction markers are not supported");
    }
    this.consumers = consumers;
    this.dropMarkers = dropsMarkers(source);
    this.fields = !source.carries().isEmpty();
    this.free = new MpscArrayQueue<>(BLOCKS);
    for (int c = 0; c < consumers; c++) queues.add(new SpscArrayQueue<>(BLOCKS));
  }

  /** Starts the reader thread. */
  public BlockFeed start() {
    reader = Thread.ofPlatform().name(READER_THREAD).daemon().start(this::read);
    return this;
  }

  private void read() {
    IdleStrategy idle = new BackoffIdleStrategy();
    long position = 0;
    try {
      while (!stopping) {
        EventBlock b = free.poll();
        if (b == null && made < BLOCKS) {
          b = new EventBlock(BLOCK_CAPACITY, nextAccess != null, withMisses);
          made++;
        }
        if (b == null) {
          idle.idle();
          continue;
        }
        idle.reset();
        int n = source.fill(b.batch);
        if (n == 0) {
          free.offer(b);
          break;
        }
        if (dropMarkers) n = keepPages(b);
        if (n == 0) {
          free.offer(b);
          continue;
        }
        b.first = position;
        b.fields = fields;
        b.clearMisses();
        if (nextAccess != null) nextAccess.fill(position, n, b.next);
        position += n;
        b.holders.set(consumers);
        for (SpscArrayQueue<EventBlock> q : queues) {
          while (!q.offer(b)) {
            if (stopping) return;
            idle.idle();
          }
        }
        delivered = position;
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    } finally {
      ended = true;
    }
  }

  private static boolean dropsMarkers(EventSource source) {
    return source.carries().contains(EventField.TRANSACTIONS);
  }

  /** The next accesses a source such as an oracleGeneral trace delivers with its events. */
  public static NextAccess carriedBy(CarriesNextAccess source) {
    return new NextAccess() {
      @Override
      public void fill(long first, int n, long[] into) {
        System.arraycopy(source.nextAccess(), 0, into, 0, n);
      }

      @Override
      public void close() {}
    };
  }

  private static int keepPages(EventBlock b) {
    long[] pages = b.batch.pages;
    int[] meta = b.batch.meta;
    int n = b.batch.size();
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (!EventMeta.isPage(meta[i])) continue;
      pages[kept] = pages[i];
      meta[kept] = meta[i];
      kept++;
    }
    b.batch.setSize(kept);
    return kept;
  }

  /**
   * The next block for consumer {@code consumer} (0-based), waiting for the reader; null at the
   * end of the stream. Throws the reader's failure ({@link ThreadFailure#of}: input errors as they
   * are, anything else naming the reader thread).
   */
  public EventBlock take(int consumer, IdleStrategy idle) {
    SpscArrayQueue<EventBlock> q = queues.get(consumer);
    while (true) {
      EventBlock b = q.poll();
      if (b != null) {
        idle.reset();
        return b;
      }
      if (ended) {
        b = q.poll();
        if (b != null) return b;
        if (failure != null) throw ThreadFailure.of(READER_THREAD, failure);
        return null;
      }
      idle.idle();
    }
  }

  /** The blocks made so far, at most {@link #BLOCKS}. */
  int blocksMade() {
    return made;
  }

  /** Hands a block back once consumer has finished with it. */
  public void release(EventBlock b) {
    if (b.holders.decrementAndGet() == 0) free.offer(b);
  }

  /** Asks the reader to stop early (a consumer failed); consumers then see the end of the stream. */
  public void stop() {
    stopping = true;
  }

  /** Requests delivered so far. */
  public long delivered() {
    return delivered;
  }

  /** Stops the reader (if still running) and closes the source and the next-access index. */
  @Override
  public void close() {
    stopping = true;
    if (reader != null) {
      try {
        reader.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    source.close();
    if (nextAccess != null) nextAccess.close();
  }
}
