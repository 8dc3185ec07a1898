package org.apache.parquet;

import java.util.Map;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * Read options for parquet-java's file reader without Hadoop on the class path. The library's
 * own builder ({@code ParquetReadOptions.Builder}) reads its default filter through {@code
 * ParquetInputFormat}, a Hadoop MapReduce class, even with a plain configuration; its options
 * constructor, package-private in parquet-java 1.17.0, is called here instead with the
 * builder's defaults, every filter and vectored I/O off (a reader of whole local files) and the
 * caller's codecs. Lives in parquet-java's package for that constructor alone.
 */
public final class PlainReadOptions {
  private PlainReadOptions() {}

  /** Options that read every row of a local file with {@code codecs}. */
  public static ParquetReadOptions of(CompressionCodecFactory codecs) {
    return new ParquetReadOptions(false, false, false, false, false, false, false, false, false, FilterCompat.NOOP,
        ParquetMetadataConverter.NO_FILTER, codecs, new HeapByteBufferAllocator(), 8 << 20, Map.of(), null, null,
        new PlainParquetConfiguration());
  }
}
