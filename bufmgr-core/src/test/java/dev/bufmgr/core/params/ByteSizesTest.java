package dev.bufmgr.core.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ByteSizesTest {
  @Test
  void unitsArePowersOf1024AsPostgresCountsThem() {
    assertEquals(8192, ByteSizes.parse("8192", "x", 0, Long.MAX_VALUE));
    assertEquals(262_144, ByteSizes.parse("256kB", "x", 0, Long.MAX_VALUE));
    assertEquals(1_572_864, ByteSizes.parse("1.5 MB", "x", 0, Long.MAX_VALUE));
    assertEquals(2_147_483_648L, ByteSizes.parse("2gb", "x", 0, Long.MAX_VALUE));
    assertEquals(1_099_511_627_776L, ByteSizes.parse("1TB", "x", 0, Long.MAX_VALUE));
  }

  @Test
  void aSizeThatIsNoNumberOrOutOfRangeIsRefusedNamingTheFlag() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("lots", "--page-cache size", 0, 100));
    assertEquals("--page-cache size: 'lots' is not a size such as 256kB or 2GB", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("1kB", "--checkpoint maxWal", 1, 1000));
    assertEquals("--checkpoint maxWal: '1kB' is not a size such as 256kB or 2GB between 1 and 1000 bytes", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("-1", "x", 0, 100));
    assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("NaN", "x", 0, 100));
  }
}
