package dev.bufmgr.results.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON row encoding: every value kind, non-finite numbers and escapes, against literal text. */
class JsonTest {
  @Test
  void encodesEveryValueKind() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("none", null);
    row.put("text", "a\"b\\c\nd\te\u0001");
    row.put("flag", true);
    row.put("ratio", 0.25);
    row.put("nan", Double.NaN);
    row.put("inf", Float.POSITIVE_INFINITY);
    row.put("half", 0.5f);
    row.put("count", 42L);
    row.put("small", 7);
    row.put("other", java.util.List.of(1, 2));
    assertEquals("{\"none\":null,\"text\":\"a\\\"b\\\\c\\nd\\te\\u0001\",\"flag\":true,\"ratio\":0.25,\"nan\":null,"
        + "\"inf\":null,\"half\":0.5,\"count\":42,\"small\":7,\"other\":\"[1, 2]\"}", Json.object(row));
  }

  @Test
  void encodesAnEmptyObject() {
    assertEquals("{}", Json.object(Map.of()));
  }
}
