package dev.bufmgr.sweep;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.core.resource.AtomicOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * A sweep's rows as Apache Parquet, {@code results.parquet/} in the results folder, one file per
 * dataset in Hive's layout: {@code results.parquet/dataset=NAME/part-00000.parquet}, which Spark
 * ({@code spark.read().parquet(DIR)}), pandas ({@code read_parquet(DIR)}) and DuckDB
 * ({@code read_parquet('DIR/*&#47;*.parquet', hive_partitioning=true)}) read with {@code dataset}
 * as a column. Written with parquet-java's own writer (the library Spark's Parquet source uses, at
 * Spark 4.2's version, so the two agree on one class path), on the machine that holds the
 * results folder, by every engine. Columns are {@link SweepRow#COLUMNS} less {@code dataset}:
 * strings as UTF-8, longs as INT64, doubles as DOUBLE with NaN as null (as the JSON lines have
 * them). Pages are ZSTD-compressed by zstd-jni directly, so writing needs no Hadoop class,
 * codec or configuration at run time. Each file is named in the folder's manifest first and
 * written whole to a temporary file renamed into place.
 */
public final class ParquetRows {
  /** The Parquet folder in the results folder. */
  public static final String FOLDER = "results.parquet";
  /** The file in each dataset's folder. */
  static final String PART = "part-00000.parquet";

  private ParquetRows() {}

  /** Writes {@code rows} under the results folder's {@link #FOLDER}, one file per dataset. */
  public static void writePartitioned(SweepStore store, List<SweepRow> rows) {
    Map<String, List<SweepRow>> byDataset = new LinkedHashMap<>();
    for (SweepRow r : rows) byDataset.computeIfAbsent(r.dataset(), k -> new java.util.ArrayList<>()).add(r);
    for (Map.Entry<String, List<SweepRow>> e : byDataset.entrySet()) {
      String rel = FOLDER + "/dataset=" + escape(e.getKey()) + "/" + PART;
      store.note(rel);
      AtomicOutput.writeWith(store.dir().resolve(rel), tmp -> write(tmp, e.getValue()));
    }
  }

  /** Writes {@code rows} to {@code file} (replaced), every column but {@code dataset}. */
  static void write(Path file, List<SweepRow> rows) throws IOException {
    try (ParquetWriter<SweepRow> w = new Builder(file).withConf(new PlainParquetConfiguration())
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.ZSTD)
        .withCodecFactory(new ZstdOnly()).build()) {
      for (SweepRow r : rows) w.write(r);
    }
  }

  /** The file's schema: {@link SweepRow#COLUMNS} less the partition column. */
  static MessageType schema() {
    Types.MessageTypeBuilder b = Types.buildMessage();
    for (SweepRow.Column c : SweepRow.COLUMNS) {
      if (c.name().equals("dataset")) continue;
      switch (c.type()) {
        case "string" -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c.name());
        case "long" -> b.required(PrimitiveTypeName.INT64).named(c.name());
        case "double" -> b.optional(PrimitiveTypeName.DOUBLE).named(c.name());
        default -> throw new IllegalStateException("column " + c.name() + ": unknown type " + c.type());
      }
    }
    return b.named("sweep_row");
  }

  /**
   * A partition folder's value as Hive and Spark escape it: ASCII characters other than letters,
   * digits, '.', '_' and '-' as %XX (Spark's ExternalCatalogUtils.unescapePathName reads them back).
   */
  static String escape(String value) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 128 || Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-') sb.append(c);
      else sb.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
    }
    return sb.toString();
  }

  private static final class Builder extends ParquetWriter.Builder<SweepRow, Builder> {
    Builder(Path file) {
      super(new LocalOutputFile(file));
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<SweepRow> getWriteSupport(Configuration conf) {
      return new RowWriter();
    }

    @Override
    protected WriteSupport<SweepRow> getWriteSupport(ParquetConfiguration conf) {
      return new RowWriter();
    }
  }

  /** Each row's values, field by field, nulls left out. */
  private static final class RowWriter extends WriteSupport<SweepRow> {
    private final MessageType schema = schema();
    private RecordConsumer out;

    @Override
    public WriteContext init(Configuration conf) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public WriteContext init(ParquetConfiguration conf) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public void prepareForWrite(RecordConsumer consumer) {
      out = consumer;
    }

    @Override
    public void write(SweepRow row) {
      out.startMessage();
      int i = 0;
      for (Map.Entry<String, Object> e : row.values().entrySet()) {
        if (e.getKey().equals("dataset")) continue;
        Object v = e.getValue();
        if (v != null) {
          out.startField(e.getKey(), i);
          switch (v) {
            case String s -> out.addBinary(Binary.fromString(s));
            case Long l -> out.addLong(l);
            case Double d -> out.addDouble(d);
            default -> throw new IllegalStateException("column " + e.getKey() + ": a " + v.getClass().getSimpleName());
          }
          out.endField(e.getKey(), i);
        }
        i++;
      }
      out.endMessage();
    }
  }

  /** ZSTD (level 3, zstd's default) through zstd-jni; the writer asks for no other codec. */
  private static final class ZstdOnly implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName name) {
      if (name != CompressionCodecName.ZSTD) throw new IllegalArgumentException("codec " + name + ": only ZSTD is written");
      return new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
          return BytesInput.from(Zstd.compress(bytes.toByteArray(), 3));
        }

        @Override
        public CompressionCodecName getCodecName() {
          return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {}
      };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName name) {
      throw new UnsupportedOperationException("ParquetRows only writes");
    }

    @Override
    public void release() {}
  }
}
