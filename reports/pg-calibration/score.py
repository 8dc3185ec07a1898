#!/usr/bin/env python3
"""The calibration's goals, run by run, counted from `compare`'s files.

Arguments: SUMMARY.csv (from `run`) and the folder of NAME-cacheon.csv / NAME-cacheoff.csv. Prints
a compact table (PostgreSQL / pipeline with the page cache, the direct model's write shares and sync
time beside) and, per goal, how many runs meet it with the page cache:
  WAL bytes per transaction within 15%;
  page writes per transaction by source within 15%, for each source PostgreSQL wrote at least
    0.1 pages per transaction with (smaller counts are a few hundred writes a run);
  the write shares by source (backend / checkpointer / bgwriter) all within 10 points;
  checkpoint sync time within a factor of 3 (the same order of magnitude);
  commit p99 while a checkpoint syncs against outside: the same direction (runs with both).
"""
import csv
import math
import sys


def num(x):
    try:
        v = float(x)
    except (TypeError, ValueError):
        return float("nan")
    return v


def shares(r):
    w = [num(r["backendWrites"]), num(r["checkpointWrites"]), num(r["bgwriterWrites"])]
    t = sum(w)
    return [x / t if t else float("nan") for x in w]


def per_txn(r):
    t = num(r["transactions"])
    return [num(r["backendWrites"]) / t, num(r["checkpointWrites"]) / t, num(r["bgwriterWrites"]) / t]


def main():
    summary, folder = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(summary)))
    goals = {"wal": [0, 0], "writes": [0, 0], "shares": [0, 0], "sync": [0, 0], "direction": [0, 0]}
    print("| run | WAL/txn PG / sim | writes/txn backend/ckpt/bgw PG | sim | shares PG | sim, cache | sim, direct "
          "| sync s PG / cache / direct | p99 ms during sync / outside: PG ; cache |")
    print("|" + "---|" * 9)
    for pg in rows:
        name = pg["config"]
        sim = next(csv.DictReader(open(f"{folder}/{name}-cacheon.csv")))
        direct = next(csv.DictReader(open(f"{folder}/{name}-cacheoff.csv")))
        wal_pg, wal_sim = num(pg["wal_bytes_per_txn"]), num(sim["walBytesPerTransaction"])
        dev = wal_sim / wal_pg - 1
        goals["wal"][1] += 1
        goals["wal"][0] += abs(dev) <= 0.15
        w_pg = [num(pg["backend_writes_per_txn"]), num(pg["checkpoint_writes_per_txn"]), num(pg["bgwriter_writes_per_txn"])]
        w_sim = per_txn(sim)
        for a, b in zip(w_pg, w_sim):
            if a >= 0.1:
                goals["writes"][1] += 1
                goals["writes"][0] += abs(b / a - 1) <= 0.15
        s_pg = [num(pg["backend_share"]), num(pg["checkpoint_share"]), num(pg["bgwriter_share"])]
        s_sim, s_dir = shares(sim), shares(direct)
        goals["shares"][1] += 1
        goals["shares"][0] += all(abs(a - b) <= 0.10 for a, b in zip(s_pg, s_sim))
        sync_pg, sync_sim, sync_dir = num(pg["checkpoint_sync_s"]), num(sim["checkpointSyncMs"]) / 1000, num(direct["checkpointSyncMs"]) / 1000
        if sync_pg > 0 and sync_sim > 0:
            goals["sync"][1] += 1
            goals["sync"][0] += 1 / 3 <= sync_sim / sync_pg <= 3
        p_in, p_out = num(pg["lat_p99_sync_ms"]), num(pg["lat_p99_outside_ms"])
        s_in, s_out = num(sim["commitP99DuringSyncMs"]), num(sim["commitP99OutsideSyncMs"])
        if not any(math.isnan(x) for x in (p_in, p_out, s_in, s_out)):
            goals["direction"][1] += 1
            goals["direction"][0] += (p_in > p_out) == (s_in > s_out)
        fmt = lambda v: "/".join(f"{x:.2f}" for x in v)
        print(f"| {name} | {wal_pg:.0f} / {wal_sim:.0f} ({100 * dev:+.0f}%) "
              f"| {'/'.join(f'{x:.3f}' for x in w_pg)} | {'/'.join(f'{x:.3f}' for x in w_sim)} "
              f"| {fmt(s_pg)} | {fmt(s_sim)} | {fmt(s_dir)} | {sync_pg:.3f} / {sync_sim:.3f} / {sync_dir:.3f} "
              f"| {p_in:.0f} / {p_out:.0f} ; {s_in:.1f} / {s_out:.1f} |")
    print()
    labels = {"wal": "WAL bytes/txn within 15%", "writes": "writes/txn by source within 15% (sources >= 0.1/txn)",
              "shares": "write shares within 10 points", "sync": "checkpoint sync time within a factor of 3",
              "direction": "commit p99 during sync vs outside, same direction"}
    for k, (met, n) in goals.items():
        print(f"- {labels[k]}: {met} of {n}")


if __name__ == "__main__":
    main()
