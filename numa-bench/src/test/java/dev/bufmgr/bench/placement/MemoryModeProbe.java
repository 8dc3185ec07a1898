package dev.bufmgr.bench.placement;

/** Prints this JVM's {@link MemoryMode#effective()} (the child of {@link MemoryModeTest}). */
public final class MemoryModeProbe {
  private MemoryModeProbe() {}

  public static void main(String[] args) {
    System.out.println(MemoryMode.effective().describe());
  }
}
