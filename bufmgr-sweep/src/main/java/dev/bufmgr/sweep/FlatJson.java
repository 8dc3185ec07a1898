package dev.bufmgr.sweep;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads one flat JSON object (the rows and records this project writes with {@code Json.object}):
 * strings, whole numbers as {@link Long}, other numbers as {@link Double}, booleans and nulls. A
 * nested object or array, or anything after the object, is refused. Parsing is Jackson's.
 */
public final class FlatJson {
  private static final JsonFactory FACTORY = new JsonFactory();

  private FlatJson() {}

  /**
   * The object's fields in order.
   *
   * @throws IllegalArgumentException when the text is not one flat JSON object
   */
  public static Map<String, Object> parse(String text) {
    Map<String, Object> out = new LinkedHashMap<>();
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("not a JSON object");
      for (JsonToken t; (t = p.nextToken()) != JsonToken.END_OBJECT; ) {
        if (t != JsonToken.PROPERTY_NAME) throw new IllegalArgumentException("unexpected " + t);
        String name = p.currentName();
        out.put(name, value(p, p.nextToken()));
      }
      if (p.nextToken() != null) throw new IllegalArgumentException("text after the object");
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
    }
    return out;
  }

  private static Object value(JsonParser p, JsonToken t) {
    return switch (t) {
      case VALUE_STRING -> p.getString();
      case VALUE_NUMBER_INT -> p.getLongValue();
      case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw new IllegalArgumentException("field '" + p.currentName() + "' is not a plain value (" + t + ")");
    };
  }
}
