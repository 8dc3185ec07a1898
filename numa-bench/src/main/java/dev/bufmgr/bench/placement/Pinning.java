package dev.bufmgr.bench.placement;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread placement: which CPU (and node) a policy gives thread i, and pinning the calling thread
 * there through Linux's {@code sched_setaffinity(2)} with pid 0, called with the foreign function
 * API ({@link Linker#nativeLinker()}; no native library of our own, no JNA). The JVM needs {@code
 * --enable-native-access=ALL-UNNAMED} ({@code ForkFlags.NATIVE_ACCESS}) to call without a
 * warning.
 *
 * <p>The CPUs are handed out as <em>slots</em>, (node, CPU) pairs in the policy's order: {@link
 * PinPolicy#PACKED} takes node 0's CPUs in ascending order, then node 1's, and so on; {@link
 * PinPolicy#SPREAD} takes the first CPU of every node in node order, then the second of every
 * node, skipping nodes with no CPU left. Thread i gets slot i. On a real host each CPU is one slot;
 * a {@linkplain Topology#withNodes(int) forced} topology with more nodes than CPUs has one slot per
 * node, its nodes sharing CPUs. A thread index past the last slot is refused rather than wrapped.
 */
public final class Pinning {
  private Pinning() {}

  /** The node a pinned thread was placed on, recorded by {@link #pinCurrentThread(PinPolicy, int, Topology)}. */
  private static final ThreadLocal<Integer> PINNED_NODE = new ThreadLocal<>();

  private record Slot(int node, int cpu) {}

  /**
   * The CPU {@code policy} gives thread {@code threadIndex} on {@code topology}, or -1 for {@link
   * PinPolicy#NONE}.
   *
   * @throws IllegalArgumentException (one line) when the thread index is negative or the topology
   *     has no slot for it
   */
  public static int cpuFor(PinPolicy policy, int threadIndex, Topology topology) {
    return policy == PinPolicy.NONE ? -1 : slot(policy, threadIndex, topology).cpu();
  }

  /**
   * The index (position in {@link Topology#nodes()}) of the node {@code policy} gives thread {@code
   * threadIndex}, or -1 for {@link PinPolicy#NONE}.
   *
   * @throws IllegalArgumentException as {@link #cpuFor}
   */
  public static int nodeFor(PinPolicy policy, int threadIndex, Topology topology) {
    return policy == PinPolicy.NONE ? -1 : slot(policy, threadIndex, topology).node();
  }

  /**
   * How many threads {@code policy} can pin on {@code topology} (the machine's CPUs on a real host);
   * unbounded ({@link Integer#MAX_VALUE}) for {@link PinPolicy#NONE}.
   */
  public static int slotCount(PinPolicy policy, Topology topology) {
    return policy == PinPolicy.NONE ? Integer.MAX_VALUE : slots(policy, topology).size();
  }

  /**
   * Refuses, before any thread starts, a run of {@code threads} threads that {@code policy} cannot
   * pin on {@code topology}.
   *
   * @throws IllegalArgumentException one line naming the policy, the thread count and the CPUs
   */
  public static void checkFits(PinPolicy policy, int threads, Topology topology) {
    if (threads > slotCount(policy, topology)) throw tooMany(policy, threads, topology);
  }

  /**
   * Pins the calling thread to the CPU {@code policy} gives thread {@code threadIndex}, and records
   * its node for {@link #currentNode}; does nothing for {@link PinPolicy#NONE}.
   *
   * @return the CPU pinned to, or -1 for {@link PinPolicy#NONE}
   * @throws IllegalArgumentException as {@link #cpuFor}
   * @throws IllegalStateException when the kernel refuses the affinity, or on a virtual thread
   */
  public static int pinCurrentThread(PinPolicy policy, int threadIndex, Topology topology) {
    if (policy == PinPolicy.NONE) return -1;
    Slot s = slot(policy, threadIndex, topology);
    pinCurrentThread(s.cpu());
    PINNED_NODE.set(s.node());
    return s.cpu();
  }

  /**
   * Pins the calling thread to {@code cpu} alone ({@code sched_setaffinity(0, ...)}).
   *
   * @throws IllegalArgumentException for a negative CPU number
   * @throws IllegalStateException when the kernel refuses (the errno is named), on a virtual thread,
   *     or off Linux
   */
  public static void pinCurrentThread(int cpu) {
    if (cpu < 0) throw new IllegalArgumentException("cpu " + cpu + " is negative");
    pinCurrentThread(new int[] {cpu});
  }

  /**
   * Lets the calling thread run on exactly {@code cpus} ({@code sched_setaffinity(0, ...)}).
   *
   * @throws IllegalArgumentException for no CPUs or a negative CPU number
   * @throws IllegalStateException as {@link #pinCurrentThread(int)}
   */
  public static void pinCurrentThread(int[] cpus) {
    if (cpus.length == 0) throw new IllegalArgumentException("an affinity needs at least one cpu");
    if (Thread.currentThread().isVirtual()) {
      throw new IllegalStateException("cannot pin a virtual thread (it would pin its carrier)");
    }
    int max = 0;
    for (int cpu : cpus) {
      if (cpu < 0) throw new IllegalArgumentException("cpu " + cpu + " is negative");
      max = Math.max(max, cpu);
    }
    Native.setAffinity(cpus, max);
    PINNED_NODE.remove();
  }

  /**
   * Whether this platform's C library has the calls pinning needs (Linux's {@code
   * sched_setaffinity}, {@code sched_getaffinity}, {@code sched_getcpu}); when not, the methods
   * that call them throw {@link IllegalStateException} naming the one missing.
   */
  public static boolean isSupported() {
    return Native.UNAVAILABLE == null;
  }

  /**
   * The CPUs the calling thread may run on ({@code sched_getaffinity(0, ...)}), ascending.
   *
   * @throws IllegalStateException when the kernel refuses, or off Linux
   */
  public static int[] currentAffinity() {
    return Native.getAffinity();
  }

  /**
   * The CPU the calling thread is running on now ({@code sched_getcpu(3)}).
   *
   * @throws IllegalStateException when the call fails, or off Linux
   */
  public static int currentCpu() {
    return Native.currentCpu();
  }

  /**
   * The index of the calling thread's node on {@code topology}: the node it was placed on by {@link
   * #pinCurrentThread(PinPolicy, int, Topology)} (logical nodes may share a CPU, so the CPU alone
   * cannot name it), otherwise the first node holding {@link #currentCpu()}, otherwise node 0.
   */
  public static int currentNode(Topology topology) {
    Integer pinned = PINNED_NODE.get();
    if (pinned != null && pinned < topology.nodes().size()) return pinned;
    return Math.max(0, topology.nodeIndexOf(currentCpu()));
  }

  private static Slot slot(PinPolicy policy, int threadIndex, Topology topology) {
    if (threadIndex < 0) throw new IllegalArgumentException("thread index " + threadIndex + " is negative");
    List<Slot> slots = slots(policy, topology);
    if (threadIndex >= slots.size()) throw tooMany(policy, threadIndex + 1, topology);
    return slots.get(threadIndex);
  }

  private static IllegalArgumentException tooMany(PinPolicy policy, int threads, Topology topology) {
    return new IllegalArgumentException("pin=" + policy.label() + ": " + threads + " threads need "
        + threads + " CPUs, but there are " + slots(policy, topology).size() + " on " + topology.describe());
  }

  private static List<Slot> slots(PinPolicy policy, Topology topology) {
    List<Topology.Node> nodes = topology.nodes();
    int[][] cpus = new int[nodes.size()][];
    int most = 0;
    for (int n = 0; n < cpus.length; n++) {
      cpus[n] = nodes.get(n).cpus();
      most = Math.max(most, cpus[n].length);
    }
    List<Slot> slots = new ArrayList<>();
    if (policy == PinPolicy.PACKED) {
      for (int n = 0; n < cpus.length; n++) for (int cpu : cpus[n]) slots.add(new Slot(n, cpu));
    } else {
      for (int r = 0; r < most; r++) {
        for (int n = 0; n < cpus.length; n++) if (r < cpus[n].length) slots.add(new Slot(n, cpus[n][r]));
      }
    }
    return slots;
  }

  /** The downcalls, bound on first use so that the placement arithmetic above works anywhere. */
  private static final class Native {
    private static final int INITIAL_MASK_BYTES = 128; // glibc's cpu_set_t: 1024 CPUs
    private static final int MAX_MASK_BYTES = 1 << 16;
    private static final int EINVAL = 22;

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SET_AFFINITY;
    private static final MethodHandle GET_AFFINITY;
    private static final MethodHandle GET_CPU;
    /** Why the calls cannot be bound here, or {@code null} when they are. */
    static final String UNAVAILABLE;

    static {
      MethodHandle set = null;
      MethodHandle get = null;
      MethodHandle cpu = null;
      String why = null;
      try {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        FunctionDescriptor affinity = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS);
        Linker.Option errno = Linker.Option.captureCallState("errno");
        set = linker.downcallHandle(find(libc, "sched_setaffinity"), affinity, errno);
        get = linker.downcallHandle(find(libc, "sched_getaffinity"), affinity, errno);
        cpu = linker.downcallHandle(find(libc, "sched_getcpu"), FunctionDescriptor.of(JAVA_INT), errno);
      } catch (RuntimeException e) {
        why = e.getMessage();
      }
      SET_AFFINITY = set;
      GET_AFFINITY = get;
      GET_CPU = cpu;
      UNAVAILABLE = why;
    }

    private static MemorySegment find(SymbolLookup libc, String name) {
      return libc.find(name).orElseThrow(() ->
          new IllegalStateException(name + " is not in this platform's C library (thread pinning needs Linux)"));
    }

    private static void requireBound() {
      if (UNAVAILABLE != null) throw new IllegalStateException(UNAVAILABLE);
    }

    static void setAffinity(int[] cpus, int maxCpu) {
      requireBound();
      int words = Math.max(INITIAL_MASK_BYTES / 8, maxCpu / 64 + 1);
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment mask = arena.allocate(JAVA_LONG, words);
        for (int cpu : cpus) {
          long index = cpu / 64;
          mask.setAtIndex(JAVA_LONG, index, mask.getAtIndex(JAVA_LONG, index) | 1L << (cpu % 64));
        }
        MemorySegment state = arena.allocate(CAPTURE);
        int rc = (int) SET_AFFINITY.invokeExact(state, 0, mask.byteSize(), mask);
        if (rc != 0) {
          throw new IllegalStateException("sched_setaffinity to cpus " + Topology.formatCpuList(cpus)
              + " failed: errno " + errno(state) + (errno(state) == EINVAL ? " (no such cpu allowed to this process)" : ""));
        }
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("sched_setaffinity: " + t, t);
      }
    }

    static int[] getAffinity() {
      requireBound();
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment state = arena.allocate(CAPTURE);
        for (int bytes = INITIAL_MASK_BYTES; bytes <= MAX_MASK_BYTES; bytes *= 2) {
          MemorySegment mask = arena.allocate(JAVA_LONG, bytes / 8);
          int rc = (int) GET_AFFINITY.invokeExact(state, 0, (long) bytes, mask);
          if (rc == 0) return cpusOf(mask);
          if (errno(state) != EINVAL) throw new IllegalStateException("sched_getaffinity failed: errno " + errno(state));
        }
        throw new IllegalStateException("sched_getaffinity: no mask up to " + MAX_MASK_BYTES + " bytes was large enough");
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("sched_getaffinity: " + t, t);
      }
    }

    static int currentCpu() {
      requireBound();
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment state = arena.allocate(CAPTURE);
        int cpu = (int) GET_CPU.invokeExact(state);
        if (cpu < 0) throw new IllegalStateException("sched_getcpu failed: errno " + errno(state));
        return cpu;
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("sched_getcpu: " + t, t);
      }
    }

    private static int[] cpusOf(MemorySegment mask) {
      List<Integer> cpus = new ArrayList<>();
      long words = mask.byteSize() / 8;
      for (long w = 0; w < words; w++) {
        long bits = mask.getAtIndex(JAVA_LONG, w);
        while (bits != 0) {
          int bit = Long.numberOfTrailingZeros(bits);
          cpus.add((int) (w * 64 + bit));
          bits &= bits - 1;
        }
      }
      return cpus.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int errno(MemorySegment state) {
      return (int) ERRNO.get(state, 0L);
    }
  }
}
