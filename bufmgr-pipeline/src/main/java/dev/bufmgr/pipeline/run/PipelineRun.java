package dev.bufmgr.pipeline.run;

/**
 * One run of a {@code bufmgr pipeline} command: its shared settings, its selector and commit
 * policy (canonical specs), the input and the device, by name, and on the real clock its flush
 * mode ({@code leader} or {@code flusher}; null in the simulation).
 */
public record PipelineRun(
    PipelineSettings settings, String selector, String policy, String input, String device, String flushMode) {
  /** A short label for charts and progress lines, e.g. {@code gclock / greedy}. */
  public String label() {
    return selector.replaceAll(":.*", "") + " / " + policy.replaceAll(":.*", "");
  }
}
