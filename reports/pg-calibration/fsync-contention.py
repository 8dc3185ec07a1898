#!/usr/bin/env python3
"""Does a log flush wait behind a data file's fsync on this disk?

Usage: fsync-contention.py DIR [PAGES]   (DIR: a folder on the disk under test; PAGES default 4000)

Writes DIR/contention-data.dat (130 MB) and DIR/contention-log.dat (1 MB), both left for the
caller to remove. Times 8 KiB pwrite+fdatasync on the log file for 3 s alone, then writes PAGES
random 8 KiB pages of the data file (left dirty in the kernel's cache) and fdatasyncs it while
another thread keeps doing log flushes; prints the data fsync's time and the log flushes
overlapping it against those alone (median, p90 / max), as a checkpoint's fsync and a commit's.
"""
import os
import random
import sys
import threading
import time


def quantile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1e3


def main():
    folder = sys.argv[1]
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
    size = 130 << 20
    data = os.open(os.path.join(folder, "contention-data.dat"), os.O_RDWR | os.O_CREAT, 0o600)
    if os.fstat(data).st_size < size:
        block = os.urandom(1 << 20)
        for i in range(130):
            os.pwrite(data, block, i << 20)
        os.fdatasync(data)
    log = os.open(os.path.join(folder, "contention-log.dat"), os.O_RDWR | os.O_CREAT, 0o600)
    os.pwrite(log, b"\0" * (1 << 20), 0)
    os.fsync(log)
    page = os.urandom(8192)

    def flushes(seconds, out):
        end = time.perf_counter() + seconds
        i = 0
        while time.perf_counter() < end:
            t = time.perf_counter()
            os.pwrite(log, page, (i % 128) * 8192)
            os.fdatasync(log)
            out.append((t, time.perf_counter() - t))
            i += 1

    alone = []
    flushes(3, alone)
    for p in random.Random(2).sample(range(size // 8192), pages):
        os.pwrite(data, page, p * 8192)
    busy = []
    thread = threading.Thread(target=flushes, args=(4, busy))
    thread.start()
    time.sleep(0.5)
    t0 = time.perf_counter()
    os.fdatasync(data)
    t1 = time.perf_counter()
    thread.join()
    during = [d for (t, d) in busy if t < t1 and t + d > t0]
    lone = [d for (_, d) in alone]
    print(f"data fdatasync of {pages} random pages: {1e3 * (t1 - t0):.0f} ms")
    print(f"log flushes alone: n={len(lone)} median {quantile(lone, 0.5):.1f} ms p90 {quantile(lone, 0.9):.1f} ms")
    if during:
        print(f"log flushes overlapping it: n={len(during)} median {quantile(during, 0.5):.1f} ms max {max(during) * 1e3:.1f} ms")
    else:
        print("log flushes overlapping it: none")


if __name__ == "__main__":
    main()
