#!/usr/bin/env python3
"""The Python speed figures of issue 25, one run, printed as a table.

1. `puny.to_ascii_batch` over a pyarrow array of mixed.txt x10 (1,000,000
   names, jobs=1): ns per name, against the `puny to-ascii -j 1` command on
   the same lines (whole-process wall time, output to /dev/null).  Goal: at
   most 1.5x the command.
2. `idna.encode(name, uts46=True)` per name on a sample of mixed.txt
   (failures included, caught): goal, the batch call at least 100x faster.
3. DuckDB: ``SELECT count(puny_to_ascii(name))`` over 1,000,000 names
   against the same query with a Python scalar UDF calling idna
   (type="native").  Goal: at least 20x.
4. Spark local[2]: names per second of ``puny.spark.to_ascii`` (an Arrow
   UDF) against a pandas UDF calling idna per element, the same job; also
   puny through a pandas UDF, to show what the Arrow UDF saves.

Timings are the best of --runs runs (the idna ones: one run, they are long).
Not run by CI: speed lives here, not in the tests.  See bench/python/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[2]


def best_of(runs: int, fn: Callable[[], Any]) -> float:
    """The fastest of `runs` calls of `fn`, in seconds."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def read_names(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [line.rstrip("\r") for line in text.split("\n")[:-1]] if text else []


def find_puny(given: str | None) -> Path | None:
    for candidate in (given, os.environ.get("PUNY_EXE"), str(REPO / "build" / "cli" / "puny")):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str]] = []

    def add(self, what: str, figure: str, note: str = "") -> None:
        self.rows.append((what, figure, note))
        print(f"  {what}: {figure} {note}", flush=True)

    def show(self) -> None:
        w0 = max(len(r[0]) for r in self.rows)
        w1 = max(len(r[1]) for r in self.rows)
        print()
        for what, figure, note in self.rows:
            print(f"{what:<{w0}}  {figure:>{w1}}  {note}")


def idna_encode_or_none(name: str) -> str | None:
    import idna

    try:
        return idna.encode(name, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def bench_batch_and_cli(args: argparse.Namespace, names: list[str], table: Table) -> float:
    import pyarrow as pa

    import puny

    arr = pa.array(names, pa.string())
    t = best_of(args.runs, lambda: puny.to_ascii_batch(arr, jobs=1))
    ns = t / len(names) * 1e9
    table.add("1. puny.to_ascii_batch(pyarrow, jobs=1)", f"{ns:.0f} ns/name", f"({len(names):,} names)")
    t_list = best_of(args.runs, lambda: puny.to_ascii_batch(names, jobs=1))
    table.add("   puny.to_ascii_batch(list, jobs=1)", f"{t_list / len(names) * 1e9:.0f} ns/name")
    t2 = best_of(args.runs, lambda: puny.to_ascii_batch(arr, jobs=2))
    table.add("   puny.to_ascii_batch(pyarrow, jobs=2)", f"{t2 / len(names) * 1e9:.0f} ns/name")

    exe = find_puny(args.puny)
    if exe is None:
        table.add("   puny to-ascii -j 1", "skipped", "(no command: --puny, PUNY_EXE or REPO/build/cli/puny)")
        return ns
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "names.txt"
        path.write_text("".join(n + "\n" for n in names), encoding="utf-8")

        def run_cli() -> None:
            with open(os.devnull, "wb") as sink:
                # Its diagnostics of the few failing names go to /dev/null too.
                command = [str(exe), "to-ascii", "-j", "1", "-f", str(path)]
                subprocess.run(command, stdout=sink, stderr=sink, check=False)

        t_cli = best_of(args.runs, run_cli)
    ns_cli = t_cli / len(names) * 1e9
    ratio = ns / ns_cli
    verdict = "ok" if ratio <= 1.5 else "MISSED"
    table.add("   puny to-ascii -j 1 -f FILE (whole process)", f"{ns_cli:.0f} ns/name")
    table.add("   batch / command", f"{ratio:.2f}x", f"(goal <= 1.5x: {verdict})")
    return ns


def bench_idna(args: argparse.Namespace, names: list[str], batch_ns: float, table: Table) -> None:
    try:
        import idna
    except ImportError:
        table.add("2. idna.encode(uts46=True)", "skipped", "(no idna package)")
        return
    # Every k-th name: the sample spans the corpus, with its failures.
    sample = names[:: max(1, len(names) // args.idna_sample)][: args.idna_sample]

    def run() -> None:
        for n in sample:
            try:
                idna.encode(n, uts46=True)
            except (idna.IDNAError, UnicodeError, ValueError):
                pass

    t = best_of(1, run)
    ns = t / len(sample) * 1e9
    failures = sum(idna_encode_or_none(n) is None for n in sample)
    table.add(
        f"2. idna {idna.__version__} encode(uts46=True) per name",
        f"{ns:.0f} ns/name",
        f"({len(sample):,} names, {failures:,} raise)",
    )
    verdict = "ok" if ns / batch_ns >= 100 else "MISSED"
    table.add("   idna / batch", f"{ns / batch_ns:.0f}x", f"(goal >= 100x: {verdict})")


def bench_duckdb(args: argparse.Namespace, names: list[str], table: Table) -> None:
    try:
        import duckdb
        import pyarrow as pa
        from duckdb.func import NATIVE, SPECIAL
        from duckdb.sqltypes import VARCHAR
    except ImportError:
        table.add("3. DuckDB", "skipped", "(no duckdb)")
        return
    import puny.duckdb

    n = min(args.duckdb_names, len(names))
    con = duckdb.connect(config={"threads": args.duckdb_threads})
    con.register("names_view", pa.table({"name": pa.array(names[:n], pa.string())}))
    con.sql("CREATE TABLE names AS SELECT * FROM names_view")
    puny.duckdb.register(con)
    con.create_function(
        "idna_to_ascii", idna_encode_or_none, [VARCHAR], VARCHAR, type=NATIVE, null_handling=SPECIAL
    )
    query = "SELECT count({f}(name)) FROM names"
    t_puny = best_of(args.runs, lambda: con.sql(query.format(f="puny_to_ascii")).fetchall())
    t_idna = best_of(1, lambda: con.sql(query.format(f="idna_to_ascii")).fetchall())
    table.add(
        f"3. DuckDB {duckdb.__version__}: count(puny_to_ascii(name))",
        f"{t_puny:.2f} s",
        f"({n:,} names, {n / t_puny / 1e6:.2f} M names/s, threads={args.duckdb_threads})",
    )
    table.add(
        "   the same with a native Python UDF calling idna", f"{t_idna:.2f} s", f"({n / t_idna:,.0f} names/s)"
    )
    verdict = "ok" if t_idna / t_puny >= 20 else "MISSED"
    table.add("   idna UDF / puny", f"{t_idna / t_puny:.0f}x", f"(goal >= 20x: {verdict})")
    con.close()


def bench_spark(args: argparse.Namespace, names: list[str], table: Table) -> None:
    try:
        import pandas as pd
        import pyarrow as pa
        from pyspark.sql import SparkSession
        from pyspark.sql import functions as F
        from pyspark.sql.pandas.functions import pandas_udf
    except ImportError:
        table.add("4. Spark", "skipped", "(no pyspark)")
        return
    import puny
    import puny.spark

    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("puny-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    n = min(args.spark_names, len(names))
    df = spark.createDataFrame(pa.table({"name": pa.array(names[:n], pa.string())})).repartition(2).cache()
    df.count()

    def idna_series(s: pd.Series) -> pd.Series:
        return s.map(idna_encode_or_none)

    def puny_series(s: pd.Series) -> pd.Series:
        return puny.to_ascii_batch(s).outputs  # type: ignore[no-any-return]

    # pandas is imported here, not at module level: give pyspark real types to read.
    for f in (idna_series, puny_series):
        f.__annotations__ = {"s": pd.Series, "return": pd.Series}
    idna_udf = pandas_udf(idna_series, "string")  # type: ignore[call-overload]
    puny_pandas_udf = pandas_udf(puny_series, "string")  # type: ignore[call-overload]

    def job(column: Any) -> Callable[[], Any]:
        return lambda: df.select(column.alias("a")).agg(F.count("a")).collect()

    job(puny.spark.to_ascii("name"))()  # warm the workers
    t_puny = best_of(args.runs, job(puny.spark.to_ascii("name")))
    t_pandas = best_of(args.runs, job(puny_pandas_udf("name")))
    t_idna = best_of(1, job(idna_udf("name")))
    kind = "Arrow UDF" if puny.spark.HAVE_ARROW_UDF else "pandas UDF"
    table.add(
        f"4. Spark local[2]: puny.spark.to_ascii ({kind})", f"{n / t_puny:,.0f} names/s", f"({n:,} names)"
    )
    table.add("   puny batch call in a pandas UDF", f"{n / t_pandas:,.0f} names/s")
    table.add("   pandas UDF calling idna per element", f"{n / t_idna:,.0f} names/s")
    table.add("   puny / idna", f"{t_idna / t_puny:.1f}x", "(reported, no goal)")
    spark.stop()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--puny", help="the puny command (default: $PUNY_EXE, else REPO/build/cli/puny)")
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path(os.environ.get("PUNY_CORPUS_DIR", REPO.parent / "shared" / "corpus")),
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per puny timing (best is kept)")
    parser.add_argument("--idna-sample", type=int, default=20_000)
    parser.add_argument("--duckdb-names", type=int, default=1_000_000)
    parser.add_argument(
        "--duckdb-threads", type=int, default=1, help="DuckDB threads (1: a per-core comparison)"
    )
    parser.add_argument("--spark-names", type=int, default=1_000_000)
    parser.add_argument("--only", default="1234", help="which sections to run, e.g. 12")
    args = parser.parse_args()

    mixed = read_names(args.corpus / "mixed.txt")
    names = mixed * 10
    import puny

    python = platform.python_version()
    print(f"puny {puny.__version__}, Python {python}, CPU: {cpu_model()}, {os.cpu_count()} cores")
    table = Table()
    batch_ns = float("nan")
    if "1" in args.only or "2" in args.only:
        batch_ns = bench_batch_and_cli(args, names, table)
    if "2" in args.only:
        bench_idna(args, mixed, batch_ns, table)
    if "3" in args.only:
        bench_duckdb(args, names, table)
    if "4" in args.only:
        bench_spark(args, names, table)
    table.show()
    return 0


if __name__ == "__main__":
    sys.exit(main())
