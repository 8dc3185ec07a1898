package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files' layout as the Parquet format specifies it ("PAR1", the pages, the Thrift footer, its
 * length, "PAR1"), read back with parquet-format's own Thrift decoder, not the writer's code.
 * Spark reading the values back is bufmgr-spark's test.
 */
class ParquetRowsTest {
  @TempDir Path dir;

  private static SweepRow row(String dataset, String policy, long hits, double missRatio) {
    return new SweepRow("id-" + policy + hits, dataset, "/t/" + dataset + ".trace", "lirs", 100, 40, policy, "0.1", 4, 0.1, hits,
        100 - hits, missRatio, 0.01, policy == null ? SweepRow.FAILED : SweepRow.OK, policy == null ? "bad" : null);
  }

  @Test
  void oneFilePerDatasetWithTheRowsCountAndTheColumnsLessDataset() throws IOException {
    List<SweepRow> rows = List.of(row("a", "lru", 10, 0.9), row("b 1/x", "lru", 20, 0.8), row("a", "sieve", 30, 0.7),
        row("a", null, 0, Double.NaN));
    SweepStore store = SweepStore.open(dir.resolve("out"), new SweepPlan(List.of(), List.of("lru"), SweepSize.parseList("0.1"), null), false);
    ParquetRows.writePartitioned(store, rows);
    FileMetaData a = footer(dir.resolve("out/results.parquet/dataset=a/part-00000.parquet"));
    FileMetaData b = footer(dir.resolve("out/results.parquet/dataset=b%201%2Fx/part-00000.parquet"));
    assertEquals(3, a.getNum_rows());
    assertEquals(1, b.getNum_rows());
    List<String> names = new ArrayList<>();
    for (SchemaElement e : a.getSchema().subList(1, a.getSchemaSize())) names.add(e.getName() + ":" + e.getType());
    List<String> expected = new ArrayList<>();
    for (SweepRow.Column c : SweepRow.COLUMNS) {
      if (c.name().equals("dataset")) continue;
      expected.add(c.name() + ":" + switch (c.type()) {
        case "string" -> Type.BYTE_ARRAY;
        case "long" -> Type.INT64;
        default -> Type.DOUBLE;
      });
    }
    assertEquals(expected, names);
    assertEquals(List.of("results.parquet/dataset=a/part-00000.parquet", "results.parquet/dataset=b%201%2Fx/part-00000.parquet"),
        Files.readAllLines(dir.resolve("out/.bufmgr-manifest")).stream().filter(l -> l.startsWith("results.parquet")).toList());
  }

  @Test
  void partitionFolderNamesEscapeWhatHiveEscapes() {
    assertEquals("ds%202%2Fx%3Dy", ParquetRows.escape("ds 2/x=y"));
    assertEquals("msr_src1-0.v2", ParquetRows.escape("msr_src1-0.v2"));
  }

  /** The footer of a Parquet file: the Thrift FileMetaData before the last 8 bytes (its length, then "PAR1"). */
  private static FileMetaData footer(Path file) throws IOException {
    byte[] all = Files.readAllBytes(file);
    assertEquals("PAR1", new String(all, 0, 4, StandardCharsets.US_ASCII));
    assertEquals("PAR1", new String(all, all.length - 4, 4, StandardCharsets.US_ASCII));
    int len = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Util.readFileMetaData(new ByteArrayInputStream(Arrays.copyOfRange(all, all.length - 8 - len, all.length - 8)));
  }
}
