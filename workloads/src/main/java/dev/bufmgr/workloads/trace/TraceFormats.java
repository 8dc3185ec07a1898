package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The registry of trace formats, and the one place a trace's format is told when {@code
 * --format} is not given. {@code --format} takes a name with optional options in the {@link Spec}
 * grammar, e.g. {@code csv:page=2,sep=tab,header=false} or {@code msr:pageSize=4096}.
 */
public final class TraceFormats {
  private static final Registry<TraceFormat> FORMATS = Registry.of("trace format",
      List.of(new TextFormat(), new LirsFormat(), new ArcFormat(), new OracleGeneralFormat(),
          new CsvFormat(), new MsrFormat(), new BinaryFormat(), new LcsFormat(), new VscsiFormat()));

  /** The file-name endings that tell a format (after a compression suffix is set aside), longest first. */
  private static final String[][] BY_NAME = {
      {".oraclegeneral.bin", "oracleGeneral"}, {".oraclegeneral", "oracleGeneral"}, {".lcs", "lcs"}, {".vscsi", "vscsi"},
      {".csv", "csv"}, {".tsv", "csv:sep=tab"}, {BinaryTraceLayout.SUFFIX, "binary"}, {".trace", "lirs"}, {".lirs", "lirs"},
      {".arc", "arc"}, {".txt", "text"}};

  private TraceFormats() {}

  /**
   * A trace's format spec and how it was chosen: {@code given} ({@code --format}), {@code file
   * name} or {@code header} (the file's first bytes).
   */
  public record Choice(String spec, String from) {
    /** Whether the format was told rather than given. */
    public boolean inferred() {
      return !from.equals("given");
    }
  }

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
   * The format spec a file called {@code name} is read with, or null when its name does not tell:
   * after {@code .gz}, {@code .zst} or {@code .zstd} is set aside, {@code .oracleGeneral} and
   * {@code .oracleGeneral.bin} (libCacheSim's published traces), {@code .lcs}, {@code .vscsi},
   * {@code .csv}, {@code .tsv} ({@code csv:sep=tab}), {@code .bft}, {@code .trace} and {@code
   * .lirs} (the LIRS traces), {@code .arc} and {@code .txt} (text), in any case.
   */
  public static String byName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (String c : new String[] {".gz", ".zst", ".zstd"}) {
      if (n.endsWith(c)) {
        n = n.substring(0, n.length() - c.length());
        break;
      }
    }
    for (String[] e : BY_NAME) if (n.endsWith(e[0])) return e[1];
    return null;
  }

  /**
   * The format a file's first bytes (decompressed as its name says) tell, or null: the lcs magic
   * number, or this project's binary magic. Nothing else has a header that says what it is; a file
   * that cannot be read tells nothing (opening it then names the reason).
   */
  public static String byHeader(Path file) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) return null;
    byte[] first;
    try (InputStream in = TraceFiles.open(file)) {
      first = in.readNBytes(Math.max(8, BinaryTraceLayout.MAGIC.length));
    } catch (IOException | RuntimeException e) {
      return null;
    }
    if (LcsFormat.startsWithMagic(first)) return "lcs";
    if (first.length >= BinaryTraceLayout.MAGIC.length
        && Arrays.equals(first, 0, BinaryTraceLayout.MAGIC.length, BinaryTraceLayout.MAGIC, 0, BinaryTraceLayout.MAGIC.length)) {
      return "binary";
    }
    return null;
  }

  /**
   * The format {@code file} is read with: {@code formatSpec} when given; else what its header
   * tells ({@link #byHeader}), which wins over its name, so an lcs trace named {@code
   * .oracleGeneral} is still read as lcs; else what its name tells ({@link #byName}).
   *
   * @throws IllegalArgumentException naming the file when neither tells (or it is a folder or does
   *     not exist)
   */
  public static Choice choose(Path file, String formatSpec) {
    if (formatSpec != null) return new Choice(formatSpec, "given");
    if (Files.isDirectory(file)) throw new TraceException(file.toString(), "is a folder, not a trace file");
    Choice told = tell(file);
    if (told != null) return told;
    if (!Files.exists(file)) throw new TraceException(file.toString(), "no such file");
    throw new IllegalArgumentException("--format is required for " + file + ": neither its name nor its first bytes tell the format (known: "
        + String.join(", ", FORMATS.names()) + ")");
  }

  /** What {@code file}'s header, else its name, tells of its format (see {@link #choose}); null when neither does. */
  public static Choice tell(Path file) {
    String header = byHeader(file);
    if (header != null) return new Choice(header, "header");
    String name = byName(file.getFileName().toString());
    return name != null ? new Choice(name, "file name") : null;
  }

  /** Opens {@code file} with the format spec {@code formatSpec}, or with the one {@link #choose} tells when it is null. */
  public static EventSource open(Path file, String formatSpec) {
    if (Files.isDirectory(file)) throw new TraceException(file.toString(), "is a folder, not a trace file");
    if (Files.exists(file) && !Files.isReadable(file)) throw new TraceException(file.toString(), "cannot open: Permission denied");
    Spec spec = Spec.parse("--format", choose(file, formatSpec).spec());
    Parameters options = FORMATS.resolve("--format", spec);
    return FORMATS.find(spec.name()).open(file, options);
  }
}
