package dev.bufmgr.core.evict.hand;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.List;

/**
 * The two parameters by which a clock selector chooses its hand, {@code hand} ({@code global}:
 * one hand over all buffers, or {@code partitioned}: one per stripe) and {@code batch} (ticks per
 * atomic add), and the factory that builds the hand they name.
 */
public final class ClockHands {
  private ClockHands() {}

  /** The {@code hand} parameter shared by clock selectors. */
  public static ParameterSpec handParameter() {
    return ParameterSpec.choice(
        "hand", "global", List.of("global", "partitioned"),
        "global: one hand over all buffers; partitioned: one hand per stripe, stealing when dry");
  }

  /** The {@code batch} parameter shared by clock selectors, with the selector's default. */
  public static ParameterSpec batchParameter(int defaultBatch) {
    return ParameterSpec.integer(
        "batch", defaultBatch, 1, 1 << 16, "clock ticks claimed per atomic add (1 = stock sweep)");
  }

  /** Builds the hand that the {@code hand} and {@code batch} parameters name. */
  public static ClockHand create(Descriptors descriptors, Parameters parameters) {
    int batch = parameters.intValue("batch");
    if (parameters.choice("hand").equals("partitioned")) {
      return new PartitionedHand(descriptors, batch);
    }
    return new BatchedHand(descriptors.frames(), batch, descriptors.sharing());
  }
}
