package dev.bufmgr.sweep;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.replay.ReplayInput;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default engine: the pending tasks on this machine's cores (a pipeline configuration's task
 * is one simulation on one core, its pool's memory taken from the same budget). At most {@code jobs} traces are
 * in flight (option {@code jobs}; default the number of cores), each replayed on cores / jobs
 * worker threads, so every core replays. Before a task replays, its memory is estimated ({@link
 * TaskMemory}) and taken from a budget of 80% of the heap; a task waits until its estimate fits,
 * and one whose estimate exceeds the whole budget fails with the estimate in its row instead of
 * running the heap out. A task's own failure (a bad trace) is its row; a failure of the engine
 * (an error such as running out of memory) stops the sweep with one line naming the task, after
 * the tasks in flight, and the finished tasks stay recorded.
 */
public final class LocalSweepEngine implements SweepEngine {
  /** The share of the heap the tasks' estimates may take together. */
  static final double HEAP_SHARE = 0.8;

  /** What replays a task: {@link TraceReplays#run}, or a stand-in of a test that plants a fault. */
  interface TaskRunner {
    TraceReplays.Outcome run(TraceTask task, TraceReplays.Counted counted, int workers);
  }

  private final TaskRunner runner;

  /** The engine every sweep uses. */
  public LocalSweepEngine() {
    this(TraceReplays::run);
  }

  LocalSweepEngine(TaskRunner runner) {
    this.runner = runner;
  }

  @Override
  public String name() {
    return "local";
  }

  @Override
  public void check(Map<String, String> options) {
    for (String k : options.keySet()) {
      if (!k.equals("jobs")) throw new IllegalArgumentException("--engine local takes no option '" + k + "' (it takes: jobs)");
    }
    if (options.containsKey("jobs")) parseJobs(options.get("jobs"));
  }

  @Override
  public void run(SweepStore store, List<? extends SweepTask> pending, Map<String, String> options, PrintStream progress) {
    check(options);
    if (pending.isEmpty()) return;
    int cores = Runtime.getRuntime().availableProcessors();
    int jobs = Math.min(pending.size(), options.containsKey("jobs") ? parseJobs(options.get("jobs")) : cores);
    int workers = Math.max(1, cores / jobs);
    long budgetMiB = Math.max(1, (long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE) >> 20);
    Semaphore memory = new Semaphore((int) Math.min(Integer.MAX_VALUE, budgetMiB));
    Progress meter = new Progress(progress, pending.size());
    AtomicInteger started = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> Thread.ofPlatform().name("sweep-" + started.getAndIncrement()).unstarted(r));
    try {
      ExecutorCompletionService<SweepTask> done = new ExecutorCompletionService<>(pool);
      List<Future<SweepTask>> futures = new ArrayList<>();
      for (SweepTask t : pending) futures.add(done.submit(() -> runOne(store, t, workers, memory, budgetMiB, meter)));
      for (int i = 0; i < pending.size(); i++) {
        try {
          done.take().get();
        } catch (ExecutionException e) {
          for (Future<SweepTask> f : futures) f.cancel(true);
          throw e.getCause() instanceof ThreadFailure f ? f : ThreadFailure.of("sweep", e.getCause());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("sweep interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs one task on a pool thread; anything but the task's own failure (which is its row) leaves
   * as a {@link ThreadFailure} naming the thread, which stops the sweep.
   */
  private SweepTask runOne(SweepStore store, SweepTask task, int workers, Semaphore memory, long budgetMiB, Progress meter)
      throws InterruptedException {
    try {
      return runTask(store, task, workers, memory, budgetMiB, meter);
    } catch (InterruptedException e) {
      throw e;
    } catch (Throwable t) {
      throw new ThreadFailure(Thread.currentThread().getName(), t);
    }
  }

  private SweepTask runTask(SweepStore store, SweepTask task, int workers, Semaphore memory, long budgetMiB,
      Progress meter) throws InterruptedException {
    List<? extends SweepResult> rows = switch (task) {
      case TraceTask t -> traceRows(store, t, workers, memory, budgetMiB);
      case PipelineTask p -> List.of(pipelineRow(p, memory, budgetMiB));
    };
    store.record(task, rows);
    meter.finished(task, rows);
    return task;
  }

  private List<SweepRow> traceRows(SweepStore store, TraceTask task, int workers, Semaphore memory, long budgetMiB)
      throws InterruptedException {
    Path local = localFile(task);
    if (local == null) {
      return List.of(TraceReplays.failure(task, null, task.trace() + ": not a local file; the local engine reads local "
          + "files only (--engine spark reads hdfs:// and s3a:// paths)"));
    }
    return replay(store, task, local, workers, memory, budgetMiB);
  }

  /** A pipeline configuration's run, its pool's memory ({@link PipelineTasks#memoryBytes}) taken from the budget first. */
  private static PipelineRow pipelineRow(PipelineTask task, Semaphore memory, long budgetMiB) throws InterruptedException {
    long needMiB = (PipelineTasks.memoryBytes(task) >> 20) + 1;
    if (needMiB > budgetMiB) {
      return PipelineTasks.failure(task, String.format(Locale.ROOT, "%s: its pool of %d frames needs about %d MiB of heap, "
          + "more than the %d MiB a sweep may use here; raise the heap (BUFMGR_JAVA_OPTS=-Xmx...)", task.label(), task.frames(),
          needMiB, budgetMiB));
    }
    memory.acquire((int) needMiB);
    try {
      return PipelineTasks.run(task);
    } finally {
      memory.release((int) needMiB);
    }
  }

  private List<SweepRow> replay(SweepStore store, TraceTask task, Path local, int workers, Semaphore memory,
      long budgetMiB) throws InterruptedException {
    TraceFacts cached = store.facts().get(local);
    TraceReplays.Counted counted;
    try {
      counted = cached != null ? new TraceReplays.Counted(ReplayInput.ofFile(local, task.format()), cached)
          : TraceReplays.count(task, local);
    } catch (RuntimeException e) {
      return List.of(TraceReplays.failure(task, null, TraceReplays.reason(task, e)));
    }
    if (cached == null) store.facts().put(local, counted.facts());
    TraceFacts facts = counted.facts();
    List<Long> frames = new ArrayList<>();
    for (SweepSize s : task.sizes()) frames.add(s.framesFor(facts.footprint()));
    long needMiB = (TaskMemory.estimate(task.policies(), frames, facts.footprint()) >> 20) + 1;
    if (needMiB > budgetMiB) {
      return List.of(TraceReplays.failure(task, facts, String.format(Locale.ROOT,
          "%s: needs about %d MiB of heap for its %d configurations, more than the %d MiB a sweep may use here "
              + "(%.0f%% of the heap); raise the heap (BUFMGR_JAVA_OPTS=-Xmx...) or leave out the largest sizes",
          task.trace(), needMiB, task.policies().size() * task.sizes().size(), budgetMiB, HEAP_SHARE * 100)));
    }
    memory.acquire((int) needMiB);
    try {
      return runner.run(task, counted, workers).rows();
    } finally {
      memory.release((int) needMiB);
    }
  }

  /** The task's trace as a local file, or null when it names another file system. */
  private static Path localFile(TraceTask task) {
    String t = task.trace();
    int scheme = t.indexOf("://");
    if (scheme > 1 && t.substring(0, scheme).chars().allMatch(Character::isLetterOrDigit)) return null;
    return Path.of(t);
  }

  private static int parseJobs(String text) {
    try {
      int n = Integer.parseInt(text.strip());
      if (n >= 1 && n <= 4096) return n;
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new IllegalArgumentException("--jobs " + text + ": a whole number from 1 to 4096");
  }
}
