#!/usr/bin/env python3
"""Tables and figures of reports/page-cache-experiments.md from six results folders.

Usage: page-cache-experiments.py DE_CACHE DE_OFF BG_CACHE BG_OFF CS_CACHE CS_OFF

Each argument is the --out folder of one run of `bufmgr experiment` (dirty-evictions, bgwriter,
checkpoint-storm; with the page cache, then with --page-cache off). Prints the report's tables in
Markdown, then under "facts" every figure its prose quotes: means over seeds with (min..max),
and a selector named as best only when its range clears every other's (the experiments' rule).
"""
import json
import statistics
import sys


def rows(folder):
    with open(f"{folder}/results.jsonl") as f:
        return [r for r in map(json.loads, f) if r.get("kind") != "window"]


def sel(r):
    return r["selector"].split(":")[0]


def selectors(rs):
    return list(dict.fromkeys(sel(r) for r in rs))


def spread(values):
    v = [x for x in values if x is not None]
    return (sum(v) / len(v), min(v), max(v))


def cell(s, d=3, pct=False):
    m, lo, hi = s
    if pct:
        return f"{m * 100:.1f}% ({lo * 100:.1f}..{hi * 100:.1f})"
    return f"{m:.{d}f} ({lo:.{d}f}..{hi:.{d}f})"


def mean(s, d=0, pct=False):
    return f"{s[0] * 100:.1f}%" if pct else f"{s[0]:,.{d}f}"


def best(cells, lower=True):
    """(name of the best mean, whether its range clears every other's)."""
    b = (min if lower else max)(cells, key=lambda k: cells[k][0])
    clear = all((cells[b][2] < s[1]) if lower else (cells[b][1] > s[2]) for k, s in cells.items() if k != b)
    return b, clear


def by(rs, key, **where):
    get = lambda r, k: sel(r) if k == "selector" else r.get(k)
    return spread([key(r) for r in rs if all(get(r, k) == v for k, v in where.items())])


def field(name):
    return lambda r: r[name]


WAIT = field("evictionWaitMsPerTransaction")


def log_flush(r):
    return r["evictionWaitMsPerTransaction"] - r["backendWriteMsPerTransaction"]


def table(header, lines):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return out + ["| " + " | ".join(line) + " |" for line in lines]


def dirty_evictions(on, off, facts):
    out = []
    header = ["selector", "waited, cache", "waited, direct", "eviction wait ms/txn, cache", "of it log flush, cache",
              "eviction wait ms/txn, direct", "tps, cache", "tps, direct", "commit p99 ms, cache",
              "commit p99 ms, direct", "hit ratio, cache", "hit ratio, direct"]
    seeds = len({r["seed"] for r in on})
    for ratio in sorted({r["dataRatio"] for r in on}):
        out.append(f"\n**Data {ratio}x the pool** (mean over {seeds} seeds, range in brackets):\n")
        lines = []
        for s in selectors(on):
            a = lambda k, rs=on: by(rs, k, dataRatio=ratio, selector=s)
            b = lambda k: a(k, off)
            lines.append([s, cell(a(field("waitedShare")), pct=True), cell(b(field("waitedShare")), pct=True),
                          cell(a(WAIT)), mean(a(log_flush), 3), cell(b(WAIT)), mean(a(field("tps"))),
                          mean(b(field("tps"))), mean(a(field("commitP99Ms")), 2), mean(b(field("commitP99Ms")), 2),
                          mean(a(field("hitRatio")), pct=True), mean(b(field("hitRatio")), pct=True)])
        out += table(header, lines)
        for label, rs in (("cache", on), ("direct", off)):
            r_rs = [r for r in rs if r["dataRatio"] == ratio]
            w = {s: by(r_rs, WAIT, selector=s) for s in selectors(rs)}
            lf = {s: by(r_rs, log_flush, selector=s) for s in selectors(rs)}
            ws = {s: by(r_rs, field("waitedShare"), selector=s) for s in selectors(rs)}
            hit = {s: by(r_rs, field("hitRatio"), selector=s) for s in selectors(rs)}
            tps = {s: by(r_rs, field("tps"), selector=s) for s in selectors(rs)}
            b, clear = best(w)
            worst = max(w, key=lambda k: w[k][0])
            wb, wclear = best(ws)
            writes = sum(r["backendWriteMsPerTransaction"] for r in r_rs) / sum(WAIT(r) for r in r_rs)
            facts.append(f"de {label} {ratio}x: least wait {b} {cell(w[b])} clears={clear}; median selector wait "
                         f"{statistics.median(v[0] for v in w.values()):.3f}; worst {worst} {cell(w[worst])} "
                         f"(log flush {lf[worst][0]:.3f}); fewest waited {wb} {cell(ws[wb], pct=True)} clears={wclear}; "
                         f"page writes {writes * 100:.2f}% of all eviction wait; lowest hit "
                         f"{min(hit, key=lambda k: hit[k][0])}; commit p99 {min(by(r_rs, field('commitP99Ms'), selector=s)[0] for s in w):.2f}"
                         f"..{max(by(r_rs, field('commitP99Ms'), selector=s)[0] for s in w):.2f}; tps gclock {tps['gclock'][0]:,.0f}")
            if label == "cache":
                above = {s: f"{w[s][0]:.3f}/{lf[s][0]:.3f}" for s in w if lf[s][0] >= 0.005}
                facts.append(f"de cache {ratio}x: wait/log flush of those with log flush >= 0.005 ms: {above}")
        t = [by(on, field("tps"), dataRatio=ratio, selector=s)[0] / by(off, field("tps"), dataRatio=ratio, selector=s)[0]
             for s in selectors(on)]
        facts.append(f"de {ratio}x: tps cache/direct {min(t):.1f}..{max(t):.1f}")
    return out


def bgwriter(on, off, facts):
    defaults = "delay=200ms,maxPages=100,multiplier=2.0"
    header = ["selector", "bgwriter", "waited, cache", "waited, direct", "eviction wait ms/txn, cache",
              "eviction wait ms/txn, direct", "moved off, cache", "moved off, direct", "tps, cache", "tps, direct",
              "bgwriter writes/txn, cache", "bgwriter writes/txn, direct"]
    lines = []
    writes = lambda r: r["bgwriterWrites"] / r["transactions"]
    for s in selectors(on):
        for w in ("off", defaults):
            a = lambda k, rs=on: by(rs, k, bgwriter=w, selector=s)
            b = lambda k: a(k, off)
            moved = lambda g: "-" if w == "off" else cell(g(field("waitedMovedOff")), pct=True)
            lines.append([s, "off" if w == "off" else "defaults", cell(a(field("waitedShare")), pct=True),
                          cell(b(field("waitedShare")), pct=True), cell(a(WAIT)), cell(b(WAIT)), moved(a), moved(b),
                          mean(a(field("tps"))), mean(b(field("tps"))), mean(a(writes), 3), mean(b(writes), 3)])
    for label, rs in (("cache", on), ("direct", off)):
        for s in selectors(rs):
            o = lambda k: by(rs, k, bgwriter="off", selector=s)[0]
            d = lambda k: by(rs, k, bgwriter=defaults, selector=s)[0]
            facts.append(f"bg {label} {s}: moved off {d(field('waitedMovedOff')) * 100:.1f}%; writes/txn {d(writes):.3f}; "
                         f"wait {o(WAIT):.3f} -> {d(WAIT):.3f}; tps {o(field('tps')):,.0f} -> {d(field('tps')):,.0f} "
                         f"({(d(field('tps')) / o(field('tps')) - 1) * 100:+.1f}%)")
    return table(header, lines)


def checkpoint_storm(on, off, facts):
    header = ["selector", "depth, cache", "depth, direct", "tps, cache", "tps, direct",
              "commit p99 during sync ms, cache", "outside sync, cache", "commit p99 during sync ms, direct",
              "outside sync, direct"]

    def postgres(rs, s):
        return [r for r in rs if sel(r) == s and r["commit"] == "greedy" and r["fullPageWrites"]
                and r["bgwriter"] != "off" and "completionTarget=0.9" in r["checkpoint"]]

    lines = []
    for s in selectors(on):
        a, b = postgres(on, s), postgres(off, s)
        g = lambda rs, k: spread([r[k] for r in rs])
        lines.append([s, cell(g(a, "sawtoothDepth"), pct=True), cell(g(b, "sawtoothDepth"), pct=True),
                      mean(g(a, "tps")), mean(g(b, "tps")), mean(g(a, "commitP99DuringSyncMs"), 2),
                      mean(g(a, "commitP99OutsideSyncMs"), 2), mean(g(b, "commitP99DuringSyncMs"), 2),
                      mean(g(b, "commitP99OutsideSyncMs"), 2)])
    for label, rs in (("cache", on), ("direct", off)):
        cells = {s: spread([r["sawtoothDepth"] for r in postgres(rs, s)]) for s in selectors(rs)}
        during = {s: spread([r["commitP99DuringSyncMs"] for r in postgres(rs, s)]) for s in selectors(rs)}
        outside = {s: spread([r["commitP99OutsideSyncMs"] for r in postgres(rs, s)]) for s in selectors(rs)}
        sb, sclear = best(cells)
        db, dclear = best(during)
        facts.append(f"cs {label} (greedy, PostgreSQL's settings): depth {min(v[0] for v in cells.values()) * 100:.1f}%.."
                     f"{max(v[0] for v in cells.values()) * 100:.1f}%, shallowest {sb} clears={sclear}; p99 during sync "
                     f"{min(v[0] for v in during.values()):.2f}..{max(v[0] for v in during.values()):.2f} (best {db} "
                     f"clears={dclear}), outside {min(v[0] for v in outside.values()):.2f}.."
                     f"{max(v[0] for v in outside.values()):.2f}")
    return table(header, lines)


def main(args):
    if len(args) != 6:
        sys.exit("usage: page-cache-experiments.py DE_CACHE DE_OFF BG_CACHE BG_OFF CS_CACHE CS_OFF")
    facts = []
    runs = [rows(a) for a in args]
    print("## dirty-evictions")
    print("\n".join(dirty_evictions(runs[0], runs[1], facts)))
    print("\n## bgwriter\n")
    print("\n".join(bgwriter(runs[2], runs[3], facts)))
    print("\n## checkpoint-storm\n")
    print("\n".join(checkpoint_storm(runs[4], runs[5], facts)))
    print("\n## facts\n")
    print("\n".join(facts))


if __name__ == "__main__":
    main(sys.argv[1:])
