package dev.bufmgr.bench.placement;

import java.util.List;

/**
 * The JVM flags every benchmark fork needs on JDK 25 (DESIGN.md, toolchain): Agrona reaches
 * {@code jdk.internal.misc}; JCTools and JMH use {@code sun.misc.Unsafe}; the pool allocates
 * native memory. Constants, so the benchmarks' {@code @Fork} annotations and {@link BenchRunner}
 * name the same flags.
 */
public final class ForkFlags {
  private ForkFlags() {}

  public static final String ADD_EXPORTS_MISC = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
  public static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";
  public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

  /** All three, in order. */
  public static final List<String> ALL = List.of(ADD_EXPORTS_MISC, UNSAFE_ALLOW, NATIVE_ACCESS);

  /** Transparent huge pages for the Java heap, via madvise (HotSpot's default is off). */
  public static final String THP_ON = "-XX:+UseTransparentHugePages";
  public static final String THP_OFF = "-XX:-UseTransparentHugePages";
  /** NUMA-aware heap allocation (G1 since JDK 14, JEP 345; HotSpot's default is off). */
  public static final String NUMA_ON = "-XX:+UseNUMA";
  public static final String NUMA_OFF = "-XX:-UseNUMA";

  /**
   * The fork flags that turn transparent huge pages and NUMA-aware heap allocation on or off,
   * stated either way so that the fork's setting never rests on a default. They govern the Java
   * heap; the pool's descriptors and page memory are native segments, which the kernel backs with
   * huge pages by its own mode ({@code /sys/kernel/mm/transparent_hugepage/enabled}), recorded by
   * {@link dev.bufmgr.bench.placement.MemoryMode}.
   */
  public static List<String> memory(boolean transparentHugePages, boolean numa) {
    return List.of(transparentHugePages ? THP_ON : THP_OFF, numa ? NUMA_ON : NUMA_OFF);
  }
}
