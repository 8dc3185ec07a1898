package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A generic CSV trace with a header row naming its columns. Options say which column holds
 * what: {@code page} (required, default column "page"), {@code op} (r/w/read/write), {@code
 * strategy} (n/b/w/v or a full name) and {@code class} (0..255), each defaulting to a column of
 * that name when the header has one; {@code sep} is the separator (default ','). The events carry
 * exactly the fields whose columns are present. Fields are not quoted.
 */
public final class CsvFormat implements TraceFormat {

  @Override
  public String name() {
    return "csv";
  }

  @Override
  public String description() {
    return "CSV with a header row naming the columns";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.text("page", "page", "column of the page number"),
        ParameterSpec.text("op", "op", "column of r or w (required in the header only when given)"),
        ParameterSpec.text("strategy", "strategy", "column of the access strategy n, b, w or v (as op)"),
        ParameterSpec.text("class", "class", "column of the page class (as op)"),
        ParameterSpec.text("sep", ",", "the one character between fields"));
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    String pageCol = options.text("page");
    boolean opGiven = options.given("op");
    boolean strategyGiven = options.given("strategy");
    boolean classGiven = options.given("class");
    String opCol = options.text("op");
    String strategyCol = options.text("strategy");
    String classCol = options.text("class");
    String sep = options.text("sep");
    if (sep.length() != 1) throw new IllegalArgumentException("csv: option sep must be one character, got '" + sep + "'");
    Pattern splitter = Pattern.compile(Pattern.quote(sep));

    return new LineTraceSource(file, EnumSet.noneOf(EventField.class)) {
      private final EnumSet<EventField> carried = EnumSet.noneOf(EventField.class);
      private int pageAt = -1;
      private int opAt = -1;
      private int strategyAt = -1;
      private int classAt = -1;
      private int width;

      {
        String header = readHeader();
        if (header == null) throw new TraceException(file.toString(), "empty file (no header row)");
        List<String> cols = Arrays.stream(splitter.split(header.strip(), -1)).map(String::strip).toList();
        width = cols.size();
        pageAt = cols.indexOf(pageCol);
        if (pageAt < 0) throw new TraceException(file.toString(), "line 1", "no column '" + pageCol + "' in header " + cols);
        opAt = column(cols, opCol, opGiven, EventField.WRITES);
        strategyAt = column(cols, strategyCol, strategyGiven, EventField.STRATEGIES);
        classAt = column(cols, classCol, classGiven, EventField.PAGE_CLASSES);
      }

      private int column(List<String> cols, String name, boolean required, EventField field) {
        int at = cols.indexOf(name);
        if (at < 0 && required) throw new TraceException(file().toString(), "line 1", "no column '" + name + "' in header " + cols);
        if (at >= 0) carried.add(field);
        return at;
      }

      @Override
      public java.util.Set<EventField> carries() {
        return carried;
      }

      @Override
      protected boolean parse(String line) {
        if (line.isBlank()) return false;
        String[] f = splitter.split(line, -1);
        if (f.length != width) throw malformed("expected " + width + " fields as in the header, got " + f.length);
        long page = parseLong(f[pageAt].strip(), "page");
        boolean write = false;
        if (opAt >= 0) {
          write = switch (f[opAt].strip().toLowerCase(Locale.ROOT)) {
            case "r", "read" -> false;
            case "w", "write" -> true;
            default -> throw malformed("op must be r, w, read or write, got '" + abbreviate(f[opAt]) + "'");
          };
        }
        AccessStrategy strategy = AccessStrategy.NORMAL;
        if (strategyAt >= 0) {
          try {
            strategy = AccessStrategy.parse(f[strategyAt]);
          } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
          }
        }
        int pageClass = 0;
        if (classAt >= 0) {
          long c = parseLong(f[classAt].strip(), "class");
          if (c < 0 || c > EventMeta.MAX_PAGE_CLASS) throw malformed("class " + c + " outside 0.." + EventMeta.MAX_PAGE_CLASS);
          pageClass = (int) c;
        }
        run(page, 1, EventMeta.pack(write, strategy, pageClass));
        return true;
      }
    };
  }
}
