package dev.bufmgr.app.pipeline;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * The pipeline's {@code --device}: a model ({@code fixed:...}, {@code lognormal:...}, {@code
 * empirical:...}) served in virtual time or emulated in real time, or, in real time only, {@code
 * file:DIR}: a real log file and a real data file on the same disk, both forced, in a new
 * subfolder of DIR per run.
 */
public final class PipelineDevice {
  /** The real device, written {@code file:DIR} (the folder as is, not as key=value), as {@code bufmgr list} shows it. */
  public static final Component FILE = new RealFile("file",
      "file:DIR, with --clock real only: a real log file and data file on one disk, both forced, in a new subfolder "
          + "of DIR per run", List.of());

  private record RealFile(String name, String description, List<ParameterSpec> parameters) implements Component {}

  /** The default device: the group-commit paper's EBS gp3 (F0 0.9 ms) at its 125 MiB/s, page writes unforced. */
  public static final String DEFAULT = "fixed:f0=0.9ms,perbyte=7.63ns,write=0us";

  /** The data file's name in a run's folder. */
  public static final String DATA_FILE = "data.pages";

  private final String spec;
  private final DeviceModel model;
  private final Path dir;

  private PipelineDevice(String spec, DeviceModel model, Path dir) {
    this.spec = spec;
    this.model = model;
    this.dir = dir;
  }

  /**
   * Parses {@code spec} for the given clock; checks a {@code file:} folder can be written.
   *
   * @throws IllegalArgumentException naming the flag and the reason
   */
  public static PipelineDevice parse(String spec, boolean realTime) {
    String s = spec.trim();
    if (s.startsWith("file:")) {
      if (!realTime) throw new IllegalArgumentException("--device " + spec + ": a real file needs --clock real");
      String d = s.substring("file:".length()).trim();
      if (d.isEmpty()) throw new IllegalArgumentException("--device " + spec + ": give a folder, file:DIR");
      Path dir = Path.of(d);
      checkWritable(dir, spec);
      return new PipelineDevice("file:" + dir, null, dir);
    }
    DeviceModel m = DeviceModels.parse(s);
    return new PipelineDevice(m.spec(), m, null);
  }

  private static void checkWritable(Path dir, String spec) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--device " + spec + ": " + dir + " is not a folder");
    }
    try {
      Files.createDirectories(dir);
      Path probe = Files.createTempFile(dir, ".bufmgr-probe", ".tmp");
      Files.delete(probe);
    } catch (IOException e) {
      throw new IllegalArgumentException("--device " + spec + ": cannot write in " + dir + ": " + IoReasons.of(e));
    }
  }

  /** The spec in result rows. */
  public String spec() {
    return spec;
  }

  /** The model to simulate (not for {@code file:}). */
  public DeviceModel model() {
    if (model == null) throw new IllegalStateException(spec + " is a real device");
    return model;
  }

  /** A device opened for one real-time run, with the log's first LSN on it. */
  public record Opened(Device device, long startLsn, Path folder) implements AutoCloseable {
    @Override
    public void close() {
      try {
        device.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close " + device.spec() + ": " + IoReasons.of(e), e);
      }
    }
  }

  /** Checks, before any run, that the folders of runs 1..{@code runs} can be made fresh. */
  public void checkFresh(int runs) {
    if (dir == null) return;
    for (int run = 1; run <= runs; run++) {
      Path folder = dir.resolve("run-" + run);
      if (Files.exists(folder)) {
        throw new IllegalArgumentException("--device " + spec + ": " + folder + " holds files of an earlier run; give an empty folder");
      }
    }
  }

  /** Opens the device for real-time run number {@code run} (a fresh folder DIR/run-N for {@code file:}). */
  public Opened open(int run, long seed) {
    if (model != null) return new Opened(new EmulatedDevice(model, seed), LogFormat.FIRST_LSN, null);
    Path folder = dir.resolve("run-" + run);
    try {
      if (Files.exists(folder)) {
        try (Stream<Path> entries = Files.list(folder)) {
          if (entries.findAny().isPresent()) {
            throw new IllegalArgumentException("--device " + spec + ": " + folder + " holds files of an earlier run; give an empty folder");
          }
        }
      }
      DurableLog.Opened log = DurableLog.open(folder, true, LogLayout.DEFAULT_SEGMENT);
      FileChannel data = FileChannel.open(folder.resolve(DATA_FILE), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.READ, StandardOpenOption.WRITE);
      return new Opened(new FileDevice(log.writer(), data, 8192, "file:" + folder), log.endLsn(), folder);
    } catch (IOException e) {
      throw new IllegalArgumentException("--device " + spec + ": cannot create the log and data files in " + folder + ": " + IoReasons.of(e));
    }
  }
}
