package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The registry of trace formats. {@code --format} takes a name with optional options in the
 * {@link Spec} grammar, e.g. {@code csv:page=block,op=type} or {@code msr:pageSize=4096}.
 */
public final class TraceFormats {
  private static final Registry<TraceFormat> FORMATS = Registry.of("trace format",
      List.of(new TextFormat(), new LirsFormat(), new ArcFormat(), new OracleGeneralFormat(),
          new CsvFormat(), new MsrFormat(), new BinaryFormat()));

  private TraceFormats() {}

  /** The formats as a registry, in a fixed order. */
  public static Registry<TraceFormat> registry() {
    return FORMATS;
  }

  /** Every format, in a fixed order. */
  public static List<TraceFormat> all() {
    return FORMATS.all();
  }

  /** The format named {@code name}; throws naming the known formats. */
  public static TraceFormat find(String name) {
    return FORMATS.find(name);
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
      else throw new IllegalArgumentException("--format is required for " + file + " (known: " + String.join(", ", FORMATS.names()) + ")");
    }
    Spec spec = Spec.parse("--format", text);
    Parameters options = FORMATS.resolve("--format", spec);
    return FORMATS.find(spec.name()).open(file, options);
  }
}
