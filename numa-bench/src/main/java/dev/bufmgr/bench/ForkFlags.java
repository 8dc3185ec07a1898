package dev.bufmgr.bench;

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
}
