#!/usr/bin/env python3
"""Whole-process figures of the puny command: the goals of issue 27, and
against GNU idn2 (issue 4).

Issue 27's two goals come first, on mixed10: ../shared/corpus/mixed.txt ten
times (every line, 1,000,000 lines), through standard input, output to
/dev/null:
  * `puny to-ascii -j 1`, whole process, within 1.5x of the library's
    in-process time for the same names: the per_domain time of the
    benchmark idna/to_ascii/mixed/puny (bench/idna_bench.cpp, the same
    corpus, default options) times the number of lines, read from the JSON
    of the puny_bench binary given with --bench (or --in-process-ns);
  * `-j 2` at least 1.6x as fast as `-j 1`.
Each of --runs rounds (default 15) runs the benchmark once, then -j 1, then
-j 2; the ratios printed are the medians of the rounds' ratios, so that a
machine whose speed drifts compares runs made moments apart.  The load
average is printed before and after: a shared machine slows -j 2 first.

Then the comparison with idn2, on two more inputs made in a temporary
directory:
  * 1M: the corpus minus the lines idn2 rejects, ten times (idn2 stops at
    its first failure, so it is timed on input it converts entirely);
  * 100MB: the whole corpus repeated up to 100,000,000 bytes, cut at a line.
Each command runs under /usr/bin/time -v, which gives wall time, peak RSS
and CPU use: idn2 and `puny to-ascii` on 1M (and whether their outputs are
identical), -j 1 against -j 2 (a third as many runs as above), and the
100 MB file as a file, through stdin in jsonl, and through a
to-ascii | to-unicode pipe.

Usage: bench/cli_workload.py PUNY [--bench PUNY_BENCH | --in-process-ns NS]
                             [--corpus DIR] [--runs N] [--goals-only]
PUNY_CPU, if set, caps the SIMD dispatch of both the command and puny_bench.
Needs idn2 (Debian's idn2) for the comparison (skipped without it); Python
3 standard library.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ENV = dict(os.environ, LC_ALL="C.UTF-8")


def idn2_accepted(lines):
    """The lines idn2 converts, found by restarting it after each failure."""
    kept, start = [], 0
    while start < len(lines):
        data = b"\n".join(lines[start:]) + b"\n"
        p = subprocess.run(["idn2"], input=data, capture_output=True, env=ENV)
        converted = p.stdout.count(b"\n")
        kept.extend(lines[start:start + converted])
        if p.returncode == 0 and converted == len(lines) - start:
            break
        start += converted + 1  # skip the line it stopped at
    return kept


def timed(cmd, stdin_path=None, stdout_path=os.devnull):
    """(wall seconds, peak RSS KiB, CPU %, exit status) of one run."""
    with open(stdin_path or os.devnull, "rb") as i, open(stdout_path, "wb") as o:
        start = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdin=i, stdout=o,
                           stderr=subprocess.PIPE, env=ENV)
        # time -v prints the wall time in 10 ms steps; this clock is finer
        # and includes the few hundred microseconds of starting time itself.
        seconds = time.perf_counter() - start
    err = p.stderr.decode(errors="replace")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1))
    cpu = re.search(r"Percent of CPU this job got: (\d+)%", err).group(1)
    return seconds, rss, cpu, p.returncode


def report(label, cmd, runs, **kw):
    results = [timed(cmd, **kw) for _ in range(runs)]
    wall = statistics.median(r[0] for r in results)
    rss = max(r[1] for r in results)
    print(f"{label:<38} wall {wall:7.4f} s   peak RSS {rss / 1024:6.1f} MiB   "
          f"CPU {results[0][2]:>3}%   exit {results[0][3]}")
    return wall


def in_process_ns(bench):
    """per_domain time, in ns, of idna/to_ascii/mixed/puny in one run of the
    puny_bench binary."""
    p = subprocess.run([bench, "--benchmark_filter=^idna/to_ascii/mixed/puny$", "--benchmark_format=json"],
                       capture_output=True, env=ENV, check=True)
    found = [b["per_domain"] for b in json.loads(p.stdout)["benchmarks"] if "per_domain" in b]
    if not found:
        sys.exit(f"{bench}: no per_domain figure for idna/to_ascii/mixed/puny")
    return found[0] * 1e9  # the counter is in seconds per domain


def wall(cmd, stdin_path):
    """Wall seconds of one run, output to /dev/null, messages dropped."""
    with open(stdin_path, "rb") as i, open(os.devnull, "wb") as o:
        start = time.perf_counter()
        subprocess.run(cmd, stdin=i, stdout=o, stderr=subprocess.DEVNULL, env=ENV)
        return time.perf_counter() - start


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def verdict(met):
    return "met" if met else "NOT met"


def goals(puny, mixed10, lines, bench, fixed_ns, runs):
    """Issue 27's two goal lines.  Each round runs the in-process benchmark
    once (unless its figure is given), then -j 1, then -j 2, so that the
    ratios compare runs made moments apart; the medians over the rounds are
    printed, and the ratios are the medians of the rounds' ratios."""
    print(f"load average before: {load()}   PUNY_CPU={os.environ.get('PUNY_CPU', '(unset)')}")
    ns, j1, j2 = [], [], []
    for _ in range(runs):
        if bench:
            ns.append(in_process_ns(bench))
        j1.append(wall([puny, "to-ascii", "-j", "1"], mixed10))
        j2.append(wall([puny, "to-ascii", "-j", "2"], mixed10))
    if fixed_ns is not None:
        ns = [fixed_ns] * runs
    print(f"load average after:  {load()}")
    med = statistics.median
    print(f"puny to-ascii < mixed10 ({lines:,} lines, {runs} rounds): -j 1 median {med(j1) * 1e3:.1f} ms "
          f"(min {min(j1) * 1e3:.1f}), -j 2 median {med(j2) * 1e3:.1f} ms (min {min(j2) * 1e3:.1f})")
    if ns:
        inside = med(ns) * lines / 1e6
        ratio = med([t * 1e9 / (n * lines) for t, n in zip(j1, ns)])
        print(f"-j1 whole process / in-process: {med(j1) * 1e3:.1f} ms / {inside:.1f} ms "
              f"({med(ns):.1f} ns x {lines:,}) = {ratio:.2f}   goal <= 1.5: {verdict(ratio <= 1.5)}")
    else:
        print("-j1 whole process / in-process: not measured (give --bench PUNY_BENCH or --in-process-ns NS)")
    speedup = med([a / b for a, b in zip(j1, j2)])
    print(f"-j2 / -j1 speed-up on {lines:,} lines: {speedup:.2f}x   goal >= 1.6: {verdict(speedup >= 1.6)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puny")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus"))
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--bench", help="the puny_bench binary, for the library's in-process time")
    ap.add_argument("--in-process-ns", type=float, help="the library's in-process ns per domain, if known")
    ap.add_argument("--goals-only", action="store_true", help="only issue 27's two goal lines")
    args = ap.parse_args()
    puny = os.path.abspath(args.puny)

    work = tempfile.mkdtemp(prefix="puny-cli-workload-")
    try:
        corpus = open(os.path.join(args.corpus, "mixed.txt"), "rb").read().split(b"\n")
        if corpus and corpus[-1] == b"":
            corpus.pop()
        mixed10 = os.path.join(work, "mixed10.txt")
        with open(mixed10, "wb") as f:
            f.write((b"\n".join(corpus) + b"\n") * 10)
        bench = os.path.abspath(args.bench) if args.bench and args.in_process_ns is None else None
        goals(puny, mixed10, len(corpus) * 10, bench, args.in_process_ns, args.runs)
        if args.goals_only:
            return
        if not shutil.which("idn2"):
            print("idn2 not found (apt-get install idn2): no comparison with it")
            return
        print()
        accepted = idn2_accepted(corpus)
        one_m = os.path.join(work, "1m.txt")
        with open(one_m, "wb") as f:
            f.write((b"\n".join(accepted) + b"\n") * 10)
        big = os.path.join(work, "100mb.txt")
        block = b"\n".join(corpus) + b"\n"
        data = block * (100_000_000 // len(block) + 1)
        with open(big, "wb") as f:
            f.write(data[:data.rindex(b"\n", 0, 100_000_000) + 1])
        print(f"1M: {len(accepted) * 10:,} lines ({len(corpus) - len(accepted)} of "
              f"{len(corpus):,} corpus lines rejected by idn2); 100MB: {os.path.getsize(big):,} bytes")

        idn2_out, puny_out = os.path.join(work, "idn2.out"), os.path.join(work, "puny.out")
        runs = max(1, args.runs // 3)
        t_idn2 = report("idn2 < 1M", ["idn2"], max(1, runs // 2), stdin_path=one_m, stdout_path=idn2_out)
        t_def = report("puny to-ascii -f 1M (default -j)", [puny, "to-ascii", "-f", one_m], runs,
                       stdout_path=puny_out)
        same = open(idn2_out, "rb").read() == open(puny_out, "rb").read()
        t_j1 = report("puny to-ascii -j 1 -f 1M", [puny, "to-ascii", "-j", "1", "-f", one_m], runs,
                      stdout_path=puny_out)
        t_j2 = report("puny to-ascii -j 2 -f 1M", [puny, "to-ascii", "-j", "2", "-f", one_m], runs,
                      stdout_path=puny_out)
        print(f"puny / idn2 (default -j): {t_def / t_idn2:.4f}   -j 1: {t_j1 / t_idn2:.4f}   "
              f"outputs identical: {same}")
        print(f"-j 2 speed-up over -j 1: {t_j1 / t_j2:.2f}x")
        report("puny to-ascii -f 100MB -j 1", [puny, "to-ascii", "-j", "1", "-f", big], 1)
        report("puny to-ascii -f 100MB", [puny, "to-ascii", "-f", big], 1)
        report("puny to-ascii --format jsonl < 100MB", [puny, "to-ascii", "--format", "jsonl"], 1,
               stdin_path=big)
        report("puny to-ascii < 100MB | to-unicode", ["sh", "-c", f"'{puny}' to-ascii | '{puny}' to-unicode"], 1,
               stdin_path=big)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
