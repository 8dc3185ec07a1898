package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A CSV trace as people write it. Options say which column holds what: {@code page} (the page or
 * object id; default column "page"), {@code op} (r/w/read/write), {@code strategy} (n/b/w/v or a
 * full name) and {@code class} (0..255), each defaulting to a column of that name when the header
 * has one. A column is a header name or a 1-based number (the first column is 1, as libCacheSim's
 * csv options {@code obj-id-col=} count them, {@code libCacheSim/bin/cli_reader_utils.c} at aa0fc40); with
 * {@code header=false} the file has no header row and columns are numbers, e.g. {@code
 * csv:page=2,sep=tab,header=false}.
 *
 * <ul>
 *   <li>{@code sep}: one character or {@code tab}, {@code comma}, {@code semicolon}, {@code
 *       pipe}, {@code space} (default ','). Fields may be quoted as RFC 4180 quotes them; a
 *       field may not span lines; a UTF-8 byte-order mark is dropped.
 *   <li>Ids are unsigned 64-bit decimals (up to 18446744073709551615; those above 2^63 - 1 wrap
 *       to negative page ids, as libCacheSim's {@code uint64_t} obj_id does when read as signed);
 *       a leading minus is read as a signed id. {@code ids=string} hashes every id as text
 *       instead ({@link StringIds}).
 *   <li>{@code pageSize=N}: a block trace. The page column is then the request's byte offset o
 *       and column {@code size} (default "size") its length n in bytes; the request touches pages
 *       o/N .. (o+n-1)/N, as {@code msr} splits its requests.
 * </ul>
 *
 * The events carry exactly the fields whose columns are present.
 */
public final class CsvFormat implements TraceFormat {

  @Override
  public String name() {
    return "csv";
  }

  @Override
  public String description() {
    return "CSV/TSV: columns by header name or 1-based number; quoted fields, text ids, block requests split into pages";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.text("page", "page", "column of the page or object id (of the byte offset with pageSize)"),
        ParameterSpec.text("op", "op", "column of r or w (required in the header only when given)"),
        ParameterSpec.text("strategy", "strategy", "column of the access strategy n, b, w or v (as op)"),
        ParameterSpec.text("class", "class", "column of the page class (as op)"),
        ParameterSpec.text("size", "size", "column of the request's bytes (with pageSize)"),
        ParameterSpec.text("sep", ",", "the one character between fields, or tab, comma, semicolon, pipe, space"),
        ParameterSpec.choice("header", "true", List.of("true", "false"), "whether the first line names the columns"),
        ParameterSpec.choice("ids", "number", List.of("number", "string"), "ids are unsigned integers, or text hashed to 64 bits (FNV-1a)"),
        ParameterSpec.integer("pageSize", 0, 1, 1L << 30, "bytes per page: the page column is a byte offset, split with size into pages")
            .asOptional());
  }

  /** The separator named by option {@code sep}. */
  static char separator(String sep) {
    return switch (sep.toLowerCase(Locale.ROOT)) {
      case "tab", "\\t" -> '\t';
      case "comma" -> ',';
      case "semicolon" -> ';';
      case "pipe" -> '|';
      case "space" -> ' ';
      default -> {
        if (sep.length() != 1 || sep.charAt(0) == '"') {
          throw new IllegalArgumentException("csv: option sep must be one character other than '\"', or tab, comma, "
              + "semicolon, pipe or space, got '" + sep + "'");
        }
        yield sep.charAt(0);
      }
    };
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    char sep = separator(options.text("sep"));
    boolean header = options.choice("header").equals("true");
    boolean textIds = options.choice("ids").equals("string");
    long pageSize = options.has("pageSize") ? options.longValue("pageSize") : 0;
    Column page = Column.of(file, "page", options.text("page"), true, header);
    Column op = Column.of(file, "op", options.text("op"), options.given("op"), header);
    Column strategy = Column.of(file, "strategy", options.text("strategy"), options.given("strategy"), header);
    Column pageClass = Column.of(file, "class", options.text("class"), options.given("class"), header);
    Column size = pageSize > 0 ? Column.of(file, "size", options.text("size"), true, header) : null;
    if (!header && !options.given("page")) {
      throw new IllegalArgumentException("csv: header=false needs page=N, the 1-based number of the id column");
    }
    return new CsvSource(file, sep, header, textIds, pageSize, page, op, strategy, pageClass, size);
  }

  /**
   * A column as an option names it: a 1-based number, or a header name; {@code required} says a
   * missing one is an error rather than a field the trace does not carry.
   */
  private record Column(String option, String name, int number, boolean required) {
    static Column of(Path file, String option, String text, boolean required, boolean header) {
      if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
        int n;
        try {
          n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
          n = Integer.MAX_VALUE;
        }
        if (n < 1) throw new TraceException(file.toString(), "option " + option + "=" + text + ": column numbers start at 1");
        return new Column(option, null, n, required);
      }
      if (!header && required) {
        throw new IllegalArgumentException("csv: with header=false columns are 1-based numbers, got " + option + "=" + text);
      }
      return new Column(option, header ? text : null, 0, required && header);
    }
  }

  private static final class CsvSource extends LineTraceSource {
    private final char sep;
    private final boolean textIds;
    private final long pageSize;
    private final EnumSet<EventField> carried = EnumSet.noneOf(EventField.class);
    private final int width;
    private final int pageAt;
    private final int opAt;
    private final int strategyAt;
    private final int classAt;
    private final int sizeAt;
    private final int widest;

    CsvSource(Path file, char sep, boolean header, boolean textIds, long pageSize, Column page, Column op,
        Column strategy, Column pageClass, Column size) {
      super(file, EnumSet.noneOf(EventField.class));
      this.sep = sep;
      this.textIds = textIds;
      this.pageSize = pageSize;
      List<String> names = null;
      if (header) {
        String line = readHeader();
        if (line == null) throw new TraceException(file.toString(), "empty file (no header row)");
        try {
          names = CsvFields.split(line, sep).stream().map(String::strip).toList();
        } catch (CsvFields.Unsplittable e) {
          throw new TraceException(file.toString(), "line 1 (header)", e.getMessage());
        }
      }
      width = names == null ? -1 : names.size();
      pageAt = index(names, page);
      opAt = index(names, op);
      strategyAt = index(names, strategy);
      classAt = index(names, pageClass);
      sizeAt = size == null ? -1 : index(names, size);
      if (opAt >= 0) carried.add(EventField.WRITES);
      if (strategyAt >= 0) carried.add(EventField.STRATEGIES);
      if (classAt >= 0) carried.add(EventField.PAGE_CLASSES);
      widest = Math.max(Math.max(pageAt, opAt), Math.max(Math.max(strategyAt, classAt), sizeAt)) + 1;
    }

    /** The 0-based index of {@code c}, -1 when an optional column is absent. */
    private int index(List<String> names, Column c) {
      if (c.name() == null && c.number() == 0) return -1;
      if (c.number() > 0) {
        if (names != null && c.number() > names.size()) {
          throw new TraceException(file().toString(), "line 1 (header)",
              "no column " + c.number() + " (option " + c.option() + "): the header has " + names.size() + " columns");
        }
        return c.number() - 1;
      }
      int at = names.indexOf(c.name());
      if (at < 0 && c.required()) {
        throw new TraceException(file().toString(), "line 1 (header)", "no column '" + c.name() + "' in header " + names);
      }
      return at;
    }

    @Override
    public Set<EventField> carries() {
      return carried;
    }

    @Override
    protected boolean parse(String line) {
      if (line.isBlank()) return false;
      List<String> f;
      try {
        f = CsvFields.split(line, sep);
      } catch (CsvFields.Unsplittable e) {
        throw malformed(e.getMessage());
      }
      if (width >= 0 && f.size() != width) throw malformed("expected " + width + " fields as in the header, got " + f.size());
      if (f.size() < widest) throw malformed("no column " + widest + ": the record has " + f.size() + " fields");
      String idText = f.get(pageAt).strip();
      long id = textIds && pageSize == 0 ? StringIds.hash(idText) : unsigned(idText, pageSize > 0 ? "byte offset" : "page");
      boolean write = false;
      if (opAt >= 0) {
        write = switch (f.get(opAt).strip().toLowerCase(Locale.ROOT)) {
          case "r", "read" -> false;
          case "w", "write" -> true;
          default -> throw malformed("op must be r, w, read or write, got '" + abbreviate(f.get(opAt)) + "'");
        };
      }
      AccessStrategy strategy = AccessStrategy.NORMAL;
      if (strategyAt >= 0) {
        try {
          strategy = AccessStrategy.parse(f.get(strategyAt).strip());
        } catch (IllegalArgumentException e) {
          throw malformed(e.getMessage());
        }
      }
      int pageClass = 0;
      if (classAt >= 0) {
        long c = parseLong(f.get(classAt).strip(), "class");
        if (c < 0 || c > EventMeta.MAX_PAGE_CLASS) throw malformed("class " + c + " outside 0.." + EventMeta.MAX_PAGE_CLASS);
        pageClass = (int) c;
      }
      int meta = EventMeta.pack(write, strategy, pageClass);
      if (pageSize > 0) {
        long bytes = parseLong(f.get(sizeAt).strip(), "size");
        if (bytes < 0) throw malformed("size is negative: " + bytes);
        runOfBytes(id, bytes, pageSize, meta);
      } else {
        run(id, 1, meta);
      }
      return true;
    }

    /** An unsigned 64-bit decimal (a leading minus: a signed one), else a malformed record naming the field. */
    private long unsigned(String text, String field) {
      try {
        return text.startsWith("-") ? Long.parseLong(text) : Long.parseUnsignedLong(text);
      } catch (NumberFormatException e) {
        String hint = textIds ? "" : " (ids=string reads text ids)";
        throw malformed(field + " is not an integer in 0..18446744073709551615: '" + abbreviate(text) + "'" + hint);
      }
    }
  }
}
