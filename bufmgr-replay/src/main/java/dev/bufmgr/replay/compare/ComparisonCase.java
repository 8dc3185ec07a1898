package dev.bufmgr.replay.compare;

import dev.bufmgr.replay.ReplayInput;
import java.util.List;
import java.util.function.Supplier;

/**
 * One workload of a comparison: a title, a short name for file names, how to load its input, and
 * the pool sizes (counts or percentages, as {@code --frames} takes them).
 */
public record ComparisonCase(String title, String slug, Supplier<ReplayInput> input, List<String> frames) {}
