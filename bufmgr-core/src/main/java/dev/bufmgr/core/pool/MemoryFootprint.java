package dev.bufmgr.core.pool;

/**
 * The memory a pool holds, by part.
 *
 * @param frames the number of buffers
 * @param descriptorBytes state words, tags and LSNs (off-heap in a shared pool, on-heap in an
 *     exclusive one)
 * @param mappingBytes the mapping table's arrays (on-heap)
 * @param pageBytes page memory (0 in metadata mode)
 */
public record MemoryFootprint(int frames, long descriptorBytes, long mappingBytes, long pageBytes) {

  /** Bytes of metadata (descriptors and mapping) per buffer. */
  public double metadataBytesPerBuffer() {
    return (double) (descriptorBytes + mappingBytes) / frames;
  }
}
