package dev.bufmgr.sweep;

/**
 * Stable configuration ids: the same trace content, policy and size give the same id on any
 * machine, under any path or file name, in any sweep, so rows of several sweeps can be merged and
 * a configuration found again. The id is the first 16 hexadecimal digits of the SHA-256 of the
 * trace's content digest and length, the policy's canonical spec, the size as given and the frames
 * it resolved to (two fractions that round to the same frames stay two configurations, as the
 * report groups rows by fraction). A sampled configuration adds its {@code --sample} spec, so a
 * sampled row is never keyed like an exact one.
 */
public final class ConfigIds {
  private ConfigIds() {}

  /**
   * The id of {@code policy} at {@code size} ({@code frames} frames) on the trace of {@code facts},
   * replayed exactly ({@code sample} null) or sampled by the {@code --sample} spec {@code sample}.
   */
  public static String of(TraceFacts facts, String policy, SweepSize size, long frames, String sample) {
    String text = facts.digest() + '\n' + facts.bytes() + '\n' + policy + '\n' + size.text() + '\n' + frames;
    return Hashes.hex(Hashes.sha256(sample == null ? text : text + "\nsample " + sample), 16);
  }
}
