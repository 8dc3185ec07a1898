package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

/**
 * Block I/O traces in the MSR Cambridge layout (Narayanan et al., "Write off-loading", FAST
 * 2008): CSV lines {@code Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime}. Each
 * request is split into the pages of {@code pageSize} bytes (default 8 KiB) that its byte range
 * touches; Type (Read/Write) is kept. The page id packs the disk number above bit 40 and the
 * page number below it.
 */
public final class MsrFormat implements TraceFormat {
  private static final int DISK_SHIFT = 40;

  @Override
  public String name() {
    return "msr";
  }

  @Override
  public String description() {
    return "MSR Cambridge block I/O CSV (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime)";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.integer("pageSize", 8192, 512, 1 << 24, "bytes per page: Offset and Size are cut into pages of this size"));
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    long pageSize = options.longValue("pageSize");
    int read = EventMeta.pack(false, AccessStrategy.NORMAL, 0);
    int write = EventMeta.pack(true, AccessStrategy.NORMAL, 0);
    return new LineTraceSource(file, EnumSet.of(EventField.WRITES)) {
      @Override
      protected boolean parse(String line) {
        String t = line.strip();
        if (t.isEmpty()) return false;
        String[] f = t.split(",", -1);
        if (f.length < 6) throw malformed("expected 7 comma-separated fields, got " + f.length);
        long disk = parseLong(f[2].strip(), "DiskNumber");
        if (disk < 0 || disk >= (1L << (63 - DISK_SHIFT))) throw malformed("DiskNumber " + disk + " out of range");
        int meta = switch (f[3].strip().toLowerCase(java.util.Locale.ROOT)) {
          case "read" -> read;
          case "write" -> write;
          default -> throw malformed("Type must be Read or Write, got '" + abbreviate(f[3]) + "'");
        };
        long offset = parseLong(f[4].strip(), "Offset");
        long size = parseLong(f[5].strip(), "Size");
        if (offset < 0) throw malformed("Offset is negative: " + offset);
        if (size < 0) throw malformed("Size is negative: " + size);
        long first = offset / pageSize;
        long last = (offset + Math.max(1, size) - 1) / pageSize;
        if (last >= (1L << DISK_SHIFT)) throw malformed("Offset beyond " + (1L << DISK_SHIFT) + " pages");
        run((disk << DISK_SHIFT) | first, last - first + 1, meta);
        return true;
      }
    };
  }
}
