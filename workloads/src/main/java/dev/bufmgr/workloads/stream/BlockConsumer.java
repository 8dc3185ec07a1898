package dev.bufmgr.workloads.stream;

/** Something that reads a stream block by block, in order, on one thread. */
public interface BlockConsumer {

  /** Takes the next block's requests (read-only; the block is recycled after the call). */
  void accept(EventBlock block);
}
