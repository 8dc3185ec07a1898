package dev.bufmgr.replay;

import dev.bufmgr.workloads.stream.EventBlock;

/**
 * A run that can tell which of its requests missed: it replays a block into a list of the pages
 * that missed when given one, and so can note its misses for a facts counter ({@link
 * ReplayRun#acceptNotingMisses}).
 */
public interface MissNotingRun extends ReplayRun {
  /**
   * Replays the block's requests; when {@code missed} is not null, writes the pages of the
   * requests that missed to it, in order, from index 0. Returns how many missed (0 without it).
   */
  int replay(EventBlock block, long[] missed);

  @Override
  default void accept(EventBlock block) {
    replay(block, null);
  }

  @Override
  default boolean notesMisses() {
    return true;
  }

  @Override
  default void acceptNotingMisses(EventBlock block) {
    block.notedMisses(replay(block, block.missBuffer()));
  }
}
