#!/usr/bin/env python3
"""Whole-process figures of the puny command against GNU idn2 (issue 4).

Builds two inputs from ../shared/corpus/mixed.txt in a temporary directory:
  * 1M: the corpus minus the lines idn2 rejects, ten times (idn2 stops at
    its first failure, so it is timed on input it converts entirely);
  * 100MB: the whole corpus repeated up to 100,000,000 bytes, cut at a line.
Then runs each command under /usr/bin/time -v and prints wall time, peak
RSS and CPU use: idn2 and `puny to-ascii` on 1M (and whether their outputs
are identical), -j 1 against -j 2, and the 100 MB file as a file, through
stdin in jsonl, and through a to-ascii | to-unicode pipe.

Usage: bench/cli_workload.py PUNY [--corpus DIR] [--runs N]
Needs idn2 (Debian's idn2) for the comparison; Python 3 standard library.
"""
import argparse
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puny")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus"))
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    puny = os.path.abspath(args.puny)
    if not shutil.which("idn2"):
        sys.exit("idn2 not found: apt-get install idn2")

    work = tempfile.mkdtemp(prefix="puny-cli-workload-")
    try:
        corpus = open(os.path.join(args.corpus, "mixed.txt"), "rb").read().split(b"\n")
        if corpus and corpus[-1] == b"":
            corpus.pop()
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
        t_idn2 = report("idn2 < 1M", ["idn2"], max(1, args.runs // 2), stdin_path=one_m, stdout_path=idn2_out)
        t_def = report("puny to-ascii -f 1M (default -j)", [puny, "to-ascii", "-f", one_m], args.runs,
                       stdout_path=puny_out)
        same = open(idn2_out, "rb").read() == open(puny_out, "rb").read()
        t_j1 = report("puny to-ascii -j 1 -f 1M", [puny, "to-ascii", "-j", "1", "-f", one_m], args.runs,
                      stdout_path=puny_out)
        t_j2 = report("puny to-ascii -j 2 -f 1M", [puny, "to-ascii", "-j", "2", "-f", one_m], args.runs,
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
