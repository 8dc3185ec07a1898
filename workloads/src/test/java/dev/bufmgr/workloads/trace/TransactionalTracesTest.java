package dev.bufmgr.workloads.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Transactions in traces: the text form's lines, the binary form's round trip, refusals. */
class TransactionalTracesTest {
  @TempDir Path dir;

  private static List<long[]> events(EventSource s) {
    List<long[]> out = new ArrayList<>();
    try (s) {
      EventBatch b = new EventBatch();
      while (s.fill(b) > 0) for (int i = 0; i < b.size(); i++) out.add(new long[] {b.pages[i], b.meta[i]});
    }
    return out;
  }

  @Test
  void textLinesCarryBeginCommitCheckpointAndRecordSizes() throws IOException {
    Path t = Files.writeString(dir.resolve("t.txt"), "begin\n7 w n 4 72\n8 w v 5 64 init\n9 r b 3\ncommit\ncheckpoint\nbegin\ncommit 0\n");
    List<long[]> e = events(TraceFormats.open(t, "text"));
    assertEquals(8, e.size());
    assertEquals(EventMeta.begin(), (int) e.get(0)[1]);
    assertEquals(EventMeta.change(AccessStrategy.NORMAL, 4, 72, false), (int) e.get(1)[1]);
    assertEquals(EventMeta.change(AccessStrategy.VACUUM, 5, 64, true), (int) e.get(2)[1]);
    assertEquals(EventMeta.pack(false, AccessStrategy.BULKREAD, 3), (int) e.get(3)[1]);
    assertEquals(EventMeta.commit(34), (int) e.get(4)[1], "a commit without a size is PostgreSQL's 34 bytes");
    assertEquals(EventMeta.checkpoint(), (int) e.get(5)[1]);
    assertEquals(0, EventMeta.recordBytes((int) e.get(7)[1]), "commit 0: a read-only transaction");
  }

  @Test
  void malformedTransactionLinesNameTheirLine() throws IOException {
    String[][] cases = {
      {"begin 3\n", "begin takes no fields"},
      {"commit x\n", "record bytes is not an integer"},
      {"commit 1 2\n", "commit takes at most its record size"},
      {"5 r n 3 72\n", "a read has no log record"},
      {"5 w n 3 72 later\n", "the sixth field can only be 'init'"},
      {"5 w n 3 999999999\n", "record bytes 999999999 outside"},
    };
    for (String[] c : cases) {
      Path t = Files.writeString(dir.resolve("bad.txt"), c[0]);
      TraceException e = assertThrows(TraceException.class, () -> events(TraceFormats.open(t, "text")));
      assertTrue(e.getMessage().contains("record 1 (line 1)") && e.getMessage().contains(c[1]), e.getMessage());
    }
  }

  @Test
  void theBinaryFormKeepsTransactionsAndRefusesUnknownFields() throws IOException {
    Workloads.Workload w = Workloads.parse("tpcb:scale=0.1,requests=50000,seed=3");
    Path bin = dir.resolve("tpcb.bft");
    assertEquals(50_000, BinaryTraceWriter.write(w.open(), bin));
    EventSource back = TraceFormats.open(bin, null);
    assertTrue(back.carries().contains(EventField.TRANSACTIONS));
    List<long[]> a = events(w.open());
    List<long[]> b = events(back);
    assertEquals(a.size(), b.size());
    for (int i = 0; i < a.size(); i++) assertArrayEquals(a.get(i), b.get(i), "event " + i);

    int mask;
    try (FileChannel ch = FileChannel.open(bin, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer f = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
      ch.read(f, BinaryTraceLayout.FIELDS_OFFSET);
      mask = f.getInt(0);
      f.clear();
      f.putInt(0, mask | 1 << 9);
      ch.write(f, BinaryTraceLayout.FIELDS_OFFSET);
    }
    assertEquals(0b1111, mask, "writes, strategies, page classes, transactions");
    TraceException e = assertThrows(TraceException.class, () -> TraceFormats.open(bin, null));
    assertTrue(e.getMessage().contains("unknown field bits"), e.getMessage());
  }
}
