package dev.bufmgr.sweep;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.core.resource.AtomicOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * them). A pipeline sweep's rows ({@link #writeAll}) go to one file, {@code
 * results.parquet/part-00000.parquet}, their columns the union of the rows' fields in the order
 * first met, each typed by its values (text as a string; true and false as a boolean; whole
 * numbers as INT64 unless some row holds a fraction, then DOUBLE), every column optional (a failed
 * configuration's row has its configuration only). Pages are ZSTD-compressed by zstd-jni directly, so writing needs no Hadoop class,
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
    for (SweepRow r : rows) byDataset.computeIfAbsent(r.dataset(), k -> new ArrayList<>()).add(r);
    List<SweepRow.Column> columns = SweepRow.COLUMNS.stream().filter(c -> !c.name().equals("dataset")).toList();
    for (Map.Entry<String, List<SweepRow>> e : byDataset.entrySet()) {
      String rel = FOLDER + "/dataset=" + escape(e.getKey()) + "/" + PART;
      store.note(rel);
      AtomicOutput.writeWith(store.dir().resolve(rel), tmp -> write(tmp, schema(columns, false), e.getValue()));
    }
  }

  /** Writes a pipeline sweep's {@code rows} to the results folder's {@link #FOLDER}, in one file. */
  public static void writeAll(SweepStore store, List<? extends SweepResult> rows) {
    String rel = FOLDER + "/" + PART;
    store.note(rel);
    MessageType schema = schema(columnsOf(rows), true);
    AtomicOutput.writeWith(store.dir().resolve(rel), tmp -> write(tmp, schema, rows));
  }

  /** The union of the rows' fields in the order first met, each typed by its values. */
  static List<SweepRow.Column> columnsOf(List<? extends SweepResult> rows) {
    Map<String, String> types = new LinkedHashMap<>();
    for (SweepResult r : rows) {
      r.values().forEach((k, v) -> {
        String t = v == null ? null : switch (v) {
          case String s -> "string";
          case Boolean b -> "boolean";
          case Double d -> "double";
          case Float f -> "double";
          case Number n -> "long";
          default -> "string";
        };
        String had = types.get(k);
        if (had == null || had.equals("null")) types.put(k, t == null ? "null" : t);
        else if (t != null && !t.equals(had)) types.put(k, had.equals("long") && t.equals("double") || had.equals("double") && t.equals("long") ? "double" : "string");
      });
    }
    List<SweepRow.Column> out = new ArrayList<>();
    types.forEach((k, t) -> out.add(new SweepRow.Column(k, t.equals("null") ? "string" : t)));
    return out;
  }

  /** Writes {@code rows} to {@code file} (replaced), the columns of {@code schema}. */
  static void write(Path file, MessageType schema, List<? extends SweepResult> rows) throws IOException {
    try (ParquetWriter<SweepResult> w = new Builder(file, schema).withConf(new PlainParquetConfiguration())
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.ZSTD)
        .withCodecFactory(new ZstdOnly()).build()) {
      for (SweepResult r : rows) w.write(r);
    }
  }

  /** A file's schema: {@code columns}, long ones required unless {@code nullableLongs}. */
  static MessageType schema(List<SweepRow.Column> columns, boolean nullableLongs) {
    Types.MessageTypeBuilder b = Types.buildMessage();
    for (SweepRow.Column c : columns) {
      switch (c.type()) {
        case "string" -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c.name());
        case "long" -> (nullableLongs ? b.optional(PrimitiveTypeName.INT64) : b.required(PrimitiveTypeName.INT64)).named(c.name());
        case "double" -> b.optional(PrimitiveTypeName.DOUBLE).named(c.name());
        case "boolean" -> b.optional(PrimitiveTypeName.BOOLEAN).named(c.name());
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

  private static final class Builder extends ParquetWriter.Builder<SweepResult, Builder> {
    private final MessageType schema;

    Builder(Path file, MessageType schema) {
      super(new LocalOutputFile(file));
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<SweepResult> getWriteSupport(Configuration conf) {
      return new RowWriter(schema);
    }

    @Override
    protected WriteSupport<SweepResult> getWriteSupport(ParquetConfiguration conf) {
      return new RowWriter(schema);
    }
  }

  /** Each row's values, field by field in the schema's order, nulls left out. */
  private static final class RowWriter extends WriteSupport<SweepResult> {
    private final MessageType schema;
    private RecordConsumer out;

    RowWriter(MessageType schema) {
      this.schema = schema;
    }

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
    public void write(SweepResult row) {
      out.startMessage();
      Map<String, Object> values = row.values();
      for (int i = 0; i < schema.getFieldCount(); i++) {
        String name = schema.getFieldName(i);
        Object v = values.get(name);
        if (v instanceof Double d && Double.isNaN(d)) v = null;
        if (v == null) continue;
        out.startField(name, i);
        switch (schema.getType(i).asPrimitiveType().getPrimitiveTypeName()) {
          case BINARY -> out.addBinary(Binary.fromString(String.valueOf(v)));
          case INT64 -> out.addLong(((Number) v).longValue());
          case DOUBLE -> out.addDouble(((Number) v).doubleValue());
          case BOOLEAN -> out.addBoolean((Boolean) v);
          default -> throw new IllegalStateException("column " + name + ": a " + v.getClass().getSimpleName());
        }
        out.endField(name, i);
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
