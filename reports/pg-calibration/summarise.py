#!/usr/bin/env python3
"""One summary row (CSV, no header) of one PostgreSQL run made by `run`.

Arguments: name clients fpw bgwriter dir. Reads dir/samples.csv (the first and last samples give
the run's deltas), dir/transactions.log (pgbench -l: client, txn, latency us, script, epoch s, us),
dir/checkpoints.txt (log_checkpoints lines) and dir/waldump.txt (pg_waldump --stats).
Transaction latency stands in for commit latency (pgbench logs whole transactions); a
transaction is "during a checkpoint sync" when it overlapped [end - sync, end] of a
"checkpoint complete" line of a checkpoint started by time or WAL (the CHECKPOINT before the run
and the shutdown checkpoint after it are left out, as is one that completed after the last sample:
the shutdown hurries a checkpoint in progress). wal_keep_size keeps the run's segments for
pg_waldump.
"""
import csv
import re
import sys
from datetime import datetime, timezone


def pct(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, int(round(p / 100.0 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def main():
    name, clients, fpw, bg, d = sys.argv[1:6]
    with open(d + "/samples.csv") as f:
        rows = [r for r in csv.DictReader(f) if r.get("epoch")]
    a, b = rows[0], rows[-1]
    delta = {k: float(b[k]) - float(a[k]) for k in a if k != "epoch"}
    seconds = float(b["epoch"]) - float(a["epoch"])

    lat, ends = [], []
    with open(d + "/transactions.log") as f:
        for line in f:
            p = line.split()
            if len(p) < 6:
                continue
            lat.append(int(p[2]) / 1000.0)
            ends.append(int(p[4]) + int(p[5]) / 1e6)
    txns = len(lat)

    windows, sync_total, checkpoints = [], 0.0, 0
    b_epoch = b["epoch"]
    timed = False
    with open(d + "/checkpoints.txt") as f:
        for line in f:
            start = re.search(r"checkpoint starting: (.*)$", line)
            if start:
                timed = "time" in start.group(1) or "wal" in start.group(1)
                continue
            if not timed:
                continue
            m = re.search(r"^(\S+ \S+) \S+ LOG:\s+checkpoint complete:.*sync=([\d.]+) s", line)
            if not m:
                continue
            end = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=timezone.utc).timestamp()
            if end > float(b_epoch):
                continue
            sync = float(m.group(2))
            windows.append((end - sync, end))
            sync_total += sync
            checkpoints += 1
    def overlaps(l, e):
        return any(e - l / 1000.0 <= t and e >= s for s, t in windows)
    in_sync = sorted(l for l, e in zip(lat, ends) if overlaps(l, e))
    outside = sorted(l for l, e in zip(lat, ends) if not overlaps(l, e))

    fpi_share = float("nan")
    with open(d + "/waldump.txt") as f:
        for line in f:
            if line.startswith("Total"):
                nums = re.findall(r"(\d+)\s+\[\s*[\d.]+%\]", line)
                if len(nums) >= 2:
                    rec, fpi = int(nums[0]), int(nums[1])
                    fpi_share = fpi / (rec + fpi) if rec + fpi else float("nan")

    ckpt, clean, backend = delta["buffers_checkpoint"], delta["buffers_clean"], delta["buffers_backend"]
    writes = ckpt + clean + backend
    commits = max(1.0, float(txns))
    lat_sorted = sorted(lat)
    out = [
        name, clients, fpw, bg, f"{seconds:.1f}", txns, f"{txns / seconds:.1f}",
        f"{pct(lat_sorted, 50):.3f}", f"{pct(lat_sorted, 99):.3f}",
        f"{delta['wal_bytes'] / commits:.1f}", f"{fpi_share:.4f}",
        f"{ckpt / commits:.4f}", f"{clean / commits:.4f}", f"{backend / commits:.4f}",
        f"{backend / writes if writes else 0:.3f}", f"{ckpt / writes if writes else 0:.3f}",
        f"{clean / writes if writes else 0:.3f}",
        f"{delta['blk_write_time_ms'] / backend if backend else float('nan'):.4f}",
        f"{sync_total:.3f}", checkpoints,
        f"{pct(in_sync, 99):.3f}", f"{pct(outside, 99):.3f}",
    ]
    print(",".join(str(x) for x in out))


if __name__ == "__main__":
    main()
