package dev.bufmgr.workloads.event;

import dev.bufmgr.core.event.EventField;

import java.util.Set;

/**
 * Refuses a consumer that needs event fields its input does not carry, with a message that
 * names both, rather than letting it report numbers from defaults.
 */
public final class EventRequirements {
  private EventRequirements() {}

  /**
   * Throws {@link IllegalArgumentException} when {@code carried} lacks any of {@code needed}.
   *
   * @param input the trace or workload name, for the message
   * @param consumer what needs the fields, e.g. "--per-class"
   */
  public static void require(String input, Set<EventField> carried, Set<EventField> needed, String consumer) {
    for (EventField f : needed) {
      if (!carried.contains(f)) {
        throw new IllegalArgumentException(
            consumer + " needs " + f.description() + ", which " + input + " does not carry");
      }
    }
  }
}
