#!/usr/bin/env python3
"""The side-by-side table of `compare`: PostgreSQL's summary rows and the pipeline's rows.

Arguments: SUMMARY.csv (from `run`) and the folder holding NAME-cacheon.csv / NAME-cacheoff.csv
(`bufmgr pipeline --output csv`). PostgreSQL's latency columns are whole transactions (pgbench
-l); the pipeline's sync split is of commit latency (its transactions are the same requests, but
pgbench's latency includes the client's round trips the pipeline has not).
"""
import csv
import math
import sys


def f(x, nd=3):
    try:
        v = float(x)
    except (TypeError, ValueError):
        return "-"
    if math.isnan(v):
        return "-"
    return f"{v:.{nd}f}"


def main():
    summary, folder = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(summary)))
    head = ["figure", "PostgreSQL 15", "pipeline, page cache", "pipeline, direct"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for pg in rows:
        name = pg["config"]
        sims = []
        for cache in ("on", "off"):
            with open(f"{folder}/{name}-cache{cache}.csv") as fh:
                sims.append(next(csv.DictReader(fh)))

        def per_txn(r, k):
            return float(r[k]) / float(r["transactions"])

        def shares(r):
            w = [float(r["backendWrites"]), float(r["checkpointWrites"]), float(r["bgwriterWrites"])]
            t = sum(w)
            return [x / t if t else float("nan") for x in w]

        lines = [
            ("tps", pg["tps"], [r["tps"] for r in sims], 1),
            ("latency p50, ms", pg["lat_p50_ms"], [r["latencyP50Ms"] for r in sims], 2),
            ("latency p99, ms", pg["lat_p99_ms"], [r["latencyP99Ms"] for r in sims], 2),
            ("WAL bytes/txn", pg["wal_bytes_per_txn"], [r["walBytesPerTransaction"] for r in sims], 0),
            ("FPI share of WAL bytes", pg["fpi_share"], [r["fullPageImageShare"] for r in sims], 3),
            ("checkpoint writes/txn", pg["checkpoint_writes_per_txn"], [per_txn(r, "checkpointWrites") for r in sims], 3),
            ("bgwriter writes/txn", pg["bgwriter_writes_per_txn"], [per_txn(r, "bgwriterWrites") for r in sims], 3),
            ("backend writes/txn", pg["backend_writes_per_txn"], [per_txn(r, "backendWrites") for r in sims], 3),
            ("share of writes: backend", pg["backend_share"], [shares(r)[0] for r in sims], 3),
            ("share of writes: checkpointer", pg["checkpoint_share"], [shares(r)[1] for r in sims], 3),
            ("share of writes: bgwriter", pg["bgwriter_share"], [shares(r)[2] for r in sims], 3),
            ("backend write time per write, ms", pg["backend_write_ms_per_write"], [r["backendWriteMsPerWrite"] for r in sims], 4),
            ("checkpoint sync time in all, s", pg["checkpoint_sync_s"], [float(r["checkpointSyncMs"]) / 1000 for r in sims], 3),
            ("checkpoints completed", pg["checkpoints"], [r["checkpointsDone"] for r in sims], 0),
            ("p99 overlapping a checkpoint sync, ms", pg["lat_p99_sync_ms"], [r["commitP99DuringSyncMs"] for r in sims], 2),
            ("p99 outside, ms", pg["lat_p99_outside_ms"], [r["commitP99OutsideSyncMs"] for r in sims], 2),
        ]
        print(f"| **{name}** ({pg['clients']} clients, fpw {pg['fpw']}, bgwriter {pg['bgwriter']}, {pg['seconds']} s) | | | |")
        for label, p, s, nd in lines:
            print(f"| {label} | {f(p, nd)} | {f(s[0], nd)} | {f(s[1], nd)} |")


if __name__ == "__main__":
    main()
