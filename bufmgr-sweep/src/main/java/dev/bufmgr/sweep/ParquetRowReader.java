package dev.bufmgr.sweep;

import com.github.luben.zstd.Zstd;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.results.report.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.PlainReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a sweep's rows back from {@value ParquetRows#FOLDER} ({@link ParquetRows}' layout: one
 * folder {@code dataset=NAME} per dataset, Hive-escaped, each holding Parquet files), for a
 * results folder that has no JSON lines (a Spark output folder copied without them). Read with
 * parquet-java's own file reader and its example record model, without Hadoop at run time
 * ({@link PlainReadOptions}, local files); pages are ZSTD (as bufmgr writes them, decompressed by
 * zstd-jni) or uncompressed. Each record is handed over as the JSON line {@link SweepRow#fromJson}
 * reads, so a row is checked the same way from either file.
 */
public final class ParquetRowReader {
  private ParquetRowReader() {}

  /**
   * One record: the file it came from, its 1-based position there, and its fields as a JSON line.
   *
   * @param file the Parquet file
   * @param record the record's position in the file
   * @param trace the record's trace ("" when it has none)
   * @param json the record's fields and its dataset, as one JSON object
   */
  public record Record(Path file, long record, String trace, String json) {}

  /**
   * Every record under {@code folder} (the results folder's {@value ParquetRows#FOLDER}) in the
   * order of their traces' names, each trace's records in their written order: the order of
   * {@value SweepStore#RESULTS_FILE} for a sweep of folders (whose traces it lists sorted by
   * path), where the dataset partitions alone would put {@code zipf} before {@code zipf-loops}.
   *
   * @throws IllegalArgumentException naming the file: unreadable, not Parquet, or compressed with a codec other than ZSTD
   */
  public static List<Record> read(Path folder) {
    List<Record> out = new ArrayList<>();
    List<Path> datasets;
    try (Stream<Path> s = Files.list(folder)) {
      datasets = s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("dataset=")).sorted().toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(folder + ": cannot read (" + IoReasons.of(e) + ")");
    }
    for (Path d : datasets) {
      String dataset = unescape(d.getFileName().toString().substring("dataset=".length()));
      List<Path> files;
      try (Stream<Path> s = Files.list(d)) {
        files = s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".parquet")).sorted().toList();
      } catch (IOException e) {
        throw new IllegalArgumentException(d + ": cannot read (" + IoReasons.of(e) + ")");
      }
      for (Path f : files) readFile(f, dataset, out);
    }
    List<Record> byTrace = new ArrayList<>(out);
    byTrace.sort(java.util.Comparator.comparing(Record::trace));
    return byTrace;
  }

  private static void readFile(Path file, String dataset, List<Record> out) {
    ParquetReadOptions options = PlainReadOptions.of(new Decompressors());
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      long n = 0;
      for (PageReadStore pages; (pages = reader.readNextRowGroup()) != null; ) {
        RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = 0; i < pages.getRowCount(); i++) {
          Map<String, Object> m = fields(records.read(), schema, dataset);
          out.add(new Record(file, ++n, m.get("trace") instanceof String t ? t : "", Json.object(m)));
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(file + ": cannot read as Parquet (" + (e instanceof IOException io ? IoReasons.of(io) : e.getMessage()) + ")");
    }
  }

  private static Map<String, Object> fields(Group g, MessageType schema, String dataset) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < schema.getFieldCount(); i++) {
      Type t = schema.getType(i);
      String name = t.getName();
      if (name.equals("dataset")) continue;
      if (name.equals("configId")) m.put("dataset", dataset);
      if (g.getFieldRepetitionCount(i) == 0 || !t.isPrimitive()) {
        m.put(name, null);
        continue;
      }
      PrimitiveType.PrimitiveTypeName p = t.asPrimitiveType().getPrimitiveTypeName();
      m.put(name, switch (p) {
        case BINARY -> g.getString(i, 0);
        case INT64 -> g.getLong(i, 0);
        case INT32 -> (long) g.getInteger(i, 0);
        case DOUBLE -> g.getDouble(i, 0);
        case FLOAT -> (double) g.getFloat(i, 0);
        default -> throw new IllegalArgumentException("column " + name + " has type " + p + ", not one a sweep writes");
      });
    }
    m.putIfAbsent("dataset", dataset);
    return m;
  }

  /** Hive's escaping undone: %XX back to its character ({@link ParquetRows#escape}'s inverse). */
  static String unescape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length()) {
        sb.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Decompression of ZSTD pages by zstd-jni, and of uncompressed ones; any other codec is refused by name. */
  private static final class Decompressors implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName name) {
      throw new UnsupportedOperationException("ParquetRowReader only reads");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName name) {
      if (name != CompressionCodecName.ZSTD && name != CompressionCodecName.UNCOMPRESSED) {
        throw new IllegalArgumentException("pages compressed with " + name + "; bufmgr reads ZSTD (as it writes) and uncompressed pages");
      }
      boolean zstd = name == CompressionCodecName.ZSTD;
      return new BytesInputDecompressor() {
        @Override
        public BytesInput decompress(BytesInput bytes, int size) throws IOException {
          return zstd ? BytesInput.from(Zstd.decompress(bytes.toByteArray(), size)) : bytes;
        }

        @Override
        public void decompress(ByteBuffer in, int compressedSize, ByteBuffer out, int size) throws IOException {
          byte[] src = new byte[compressedSize];
          in.get(src);
          out.put(zstd ? Zstd.decompress(src, size) : src);
        }

        @Override
        public void release() {}
      };
    }

    @Override
    public void release() {}
  }
}
