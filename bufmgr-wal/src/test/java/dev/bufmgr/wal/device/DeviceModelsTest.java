package dev.bufmgr.wal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceModelsTest {
  @TempDir Path dir;

  @Test
  void fixedCostPlusPerByteTime() {
    DeviceModel m = DeviceModels.parse("fixed:f0=0.9ms,perbyte=2ns");
    assertEquals(900_000 + 2 * 8192, m.serviceNanos(8192, new SplittableRandom(1)));
    assertEquals("fixed:f0=900us,perbyte=2ns", m.spec());
  }

  @Test
  void lognormalHitsItsMedianAndP99() {
    DeviceModel m = DeviceModels.parse("lognormal:median=0.9ms,p99=2.5ms");
    SplittableRandom rng = new SplittableRandom(11);
    long[] s = new long[200_000];
    for (int i = 0; i < s.length; i++) s[i] = m.serviceNanos(0, rng);
    Arrays.sort(s);
    assertEquals(900_000, s[s.length / 2], 900_000 * 0.01);
    assertEquals(2_500_000, s[(int) (s.length * 0.99)], 2_500_000 * 0.03);
  }

  @Test
  void empiricalReadsMicrosecondsAndSkipsComments(@TempDir Path d) throws IOException {
    Path f = d.resolve("s.txt");
    Files.writeString(f, "# probe\n100\n\n300.5\n200\n");
    EmpiricalLatency e = (EmpiricalLatency) DeviceModels.parse("empirical:" + f).latency();
    assertEquals(200_000, e.medianNanos());
    assertEquals(200_166.66, e.meanNanos(), 0.01);
    long v = e.sampleNanos(new SplittableRandom(3));
    assertTrue(v == 100_000 || v == 200_000 || v == 300_500);
    DeviceModel withBytes = DeviceModels.parse("empirical:file=" + f + ",perbyte=1ns");
    assertEquals(1.0, withBytes.perByteNanos());
  }

  @Test
  void malformedEmpiricalFileNamesFileAndLine() throws IOException {
    Path f = dir.resolve("bad.txt");
    Files.writeString(f, "100\n12x\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("empirical:" + f));
    assertEquals("empirical sample file " + f + " line 2: not a latency in microseconds: '12x'", e.getMessage());
    Path empty = dir.resolve("empty.txt");
    Files.writeString(empty, "# nothing\n");
    assertEquals(
        "empirical sample file " + empty + ": holds no sample",
        assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("empirical:" + empty)).getMessage());
    Path missing = dir.resolve("missing.txt");
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("empirical:" + missing))
            .getMessage().startsWith("empirical sample file " + missing + ": cannot read"));
    Path neg = dir.resolve("neg.txt");
    Files.writeString(neg, "-5\n");
    assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("empirical:" + neg));
  }

  @Test
  void unknownDeviceAndBadParametersFailClearly() {
    assertEquals(
        "--device 'ssd:f0=1ms': unknown device 'ssd' (known: fixed, lognormal, empirical)",
        assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("ssd:f0=1ms")).getMessage());
    assertEquals(
        "--device 'lognormal:median=2ms,p99=1ms': needs 0 < median <= p99",
        assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("lognormal:median=2ms,p99=1ms"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("fixed"));
    assertThrows(IllegalArgumentException.class, () -> DeviceModels.parse("fixed:f0=1ms,speed=2"));
  }

  @Test
  void simDeviceServesOneFifoQueue() {
    SimDevice d = new SimDevice(DeviceModels.parse("fixed:f0=100us"), 1);
    assertEquals(100_000, d.submit(0, 0));
    assertEquals(200_000, d.submit(50_000, 0)); // queued behind the first
    assertEquals(400_000, d.submit(300_000, 0)); // device idle again at 200 us
    assertEquals(300_000, d.busyNanos());
  }
}
