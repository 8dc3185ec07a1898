package dev.bufmgr.pipeline.run;

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
 * file:DIR}: a real log file and a real data file on the same disk, both forced, in a subfolder
 * DIR/run-N per run: a new one, or one that {@code pipeline-recover} recovered, which the run
 * continues.
 */
public final class PipelineDevice {
  /** The real device, written {@code file:DIR} (the folder as is, not as key=value), as {@code bufmgr list} shows it. */
  public static final Component FILE = new RealFile("file",
      "file:DIR, with --clock real only: a real log file and data file on one disk, both forced, in a subfolder "
          + "DIR/run-N per run (a recovered one is continued)", List.of());

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

  /**
   * A device opened for one real-time run, with the log's first LSN on it.
   *
   * @param folder the run's folder for {@code file:}, else {@code null}
   * @param firstCommitId the run's first commit id (above every id in a continued log)
   * @param continued whether the run continues a recovered folder (its log and data file kept)
   */
  public record Opened(Device device, long startLsn, Path folder, long firstCommitId, boolean continued) implements AutoCloseable {
    @Override
    public void close() {
      try {
        device.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close " + device.spec() + ": " + IoReasons.of(e), e);
      }
    }
  }

  /**
   * Checks, before any run, that the folders of runs 1..{@code runs} are absent, empty, or
   * recovered folders to continue ({@link RunRecovery#continuable}).
   *
   * @throws IllegalArgumentException naming the folder and what to do
   */
  public void checkRunFolders(int runs) {
    if (dir == null) return;
    for (int run = 1; run <= runs; run++) continuing(dir.resolve("run-" + run));
  }

  /** Whether {@code folder} holds an earlier run to continue; refuses one that is not recovered. */
  private boolean continuing(Path folder) {
    try {
      if (!Files.exists(folder)) return false;
      try (Stream<Path> entries = Files.list(folder)) {
        if (entries.findAny().isEmpty()) return false;
      }
      RunRecovery.continuable(folder);
      return true;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--device " + spec + ": " + e.getMessage());
    } catch (IOException e) {
      throw new IllegalArgumentException("--device " + spec + ": cannot read " + folder + ": " + IoReasons.of(e));
    }
  }

  /**
   * Opens the device for real-time run number {@code run}: for {@code file:}, a fresh folder
   * DIR/run-N, or one {@code pipeline-recover} left, continued as PostgreSQL restarts on its
   * recovered data directory: the log is reopened and appended to, the data file's pages stay
   * in their slots, and the run's records are appended to.
   */
  public Opened open(int run, long seed) {
    if (model != null) return new Opened(new EmulatedDevice(model, seed), LogFormat.FIRST_LSN, null, 1, false);
    Path folder = dir.resolve("run-" + run);
    boolean continued = continuing(folder);
    try {
      DurableLog.Opened log = DurableLog.open(folder, !continued, LogLayout.DEFAULT_SEGMENT);
      FileChannel data;
      try {
        data = continued
            ? FileChannel.open(folder.resolve(DATA_FILE), StandardOpenOption.READ, StandardOpenOption.WRITE)
            : FileChannel.open(folder.resolve(DATA_FILE), StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
      } catch (IOException | RuntimeException e) {
        log.writer().close();
        throw e;
      }
      FileDevice device = new FileDevice(log.writer(), data, RunRecovery.PAGE_BYTES, "file:" + folder);
      if (continued) {
        RunRecovery.slots(data).forEachLong(device::adopt);
        device.reserve((data.size() + RunRecovery.PAGE_BYTES - 1) / RunRecovery.PAGE_BYTES);
      }
      return new Opened(device, log.endLsn(), folder, continued ? log.writer().firstCommitId() : 1, continued);
    } catch (IOException e) {
      throw new IllegalArgumentException("--device " + spec + ": cannot " + (continued ? "open" : "create") + " the log and data files in "
          + folder + ": " + IoReasons.of(e));
    }
  }
}
