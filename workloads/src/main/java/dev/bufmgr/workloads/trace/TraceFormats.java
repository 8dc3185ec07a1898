package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.spec.Spec;
import dev.bufmgr.workloads.spec.SpecParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The known trace formats by name. {@code --format} takes a name with optional options in the
 * {@link Spec} grammar, e.g. {@code csv:page=block,op=type} or {@code msr:pageSize=4096}.
 */
public final class TraceFormats {
  private static final Map<String, TraceFormat> FORMATS = new LinkedHashMap<>();

  static {
    for (TraceFormat f :
        List.of(new TextFormat(), new LirsFormat(), new ArcFormat(), new OracleGeneralFormat(),
            new CsvFormat(), new MsrFormat(), new BinaryFormat())) {
      FORMATS.put(f.name(), f);
    }
  }

  private TraceFormats() {}

  /** Every format, in a fixed order. */
  public static List<TraceFormat> all() {
    return List.copyOf(FORMATS.values());
  }

  /** The format named {@code name}; throws naming the known formats. */
  public static TraceFormat find(String name) {
    TraceFormat f = FORMATS.get(name);
    if (f == null) {
      throw new IllegalArgumentException(
          "unknown trace format '" + name + "' (known: " + String.join(", ", FORMATS.keySet()) + ")");
    }
    return f;
  }

  /**
   * Opens {@code file} with the format spec {@code formatSpec}; when it is null, a file named
   * {@code *.bft} is read as binary and any other file is refused with a message asking for
   * {@code --format}.
   */
  public static EventSource open(Path file, String formatSpec) {
    if (Files.isDirectory(file)) throw new TraceException(file.toString(), "is a folder, not a trace file");
    if (Files.exists(file) && !Files.isReadable(file)) throw new TraceException(file.toString(), "cannot open: Permission denied");
    String text = formatSpec;
    if (text == null) {
      if (file.getFileName().toString().endsWith(BinaryTraceLayout.SUFFIX)) text = "binary";
      else throw new IllegalArgumentException("--format is required for " + file + " (known: " + String.join(", ", FORMATS.keySet()) + ")");
    }
    Spec spec = Spec.parse(text);
    return find(spec.name()).open(file, new SpecParams(spec));
  }
}
