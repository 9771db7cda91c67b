#!/usr/bin/env node
// Speed of puny-idna's toASCII against tr46 and Node's url.domainToASCII (ada),
// in one process, over the three corpora (100,000 names each), and the size of
// puny.wasm.  Usage:
//
//   node bench/bench.mjs [--tr46 DIR] [--corpus-dir DIR] [--names N] [--runs R] [--json]
//
// --tr46 DIR      a tr46 package directory (or its index.js); default $PUNY_BENCH_TR46,
//                 else `import('tr46')` (a devDependency), else the tr46 column is left out.
//                 The baseline is tr46 6.0.0: `npm install --prefix /tmp/b tr46@6.0.0`
//                 then --tr46 /tmp/b/node_modules/tr46.
// --corpus-dir    default $PUNY_CORPUS_DIR, else REPO/../shared/corpus.
// --names N       use the first N names of each corpus (default all).
// --runs R        timed passes per measurement, the best is kept (default 5).
// --json          print the results as JSON instead of the table.
//
// Everything runs the URL Standard's "domain to ASCII" with beStrict = false:
// tr46 with whatwg-url's options, url.domainToASCII, and puny's profile
// 'whatwg'.  Columns: ns per name (best pass), and the ratios the issue sets as
// goals: puny per-name ≤ 0.1 × tr46, ≤ 1 × url.domainToASCII, and the batch form
// (one crossing per array) ≥ 2 × faster than per-name.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { domainToASCII } from 'node:url';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as puny from '../src/index.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PKG = path.resolve(HERE, '..');
const REPO = path.resolve(PKG, '..');

function parseArgs(argv) {
  const o = {
    tr46: process.env.PUNY_BENCH_TR46 || '',
    corpusDir: process.env.PUNY_CORPUS_DIR || path.join(REPO, '..', 'shared', 'corpus'),
    names: Infinity,
    runs: 5,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`bench: ${a} needs a value`);
      return argv[++i];
    };
    if (a === '--tr46') o.tr46 = value();
    else if (a === '--corpus-dir') o.corpusDir = value();
    else if (a === '--names') o.names = Number(value());
    else if (a === '--runs') o.runs = Number(value());
    else if (a === '--json') o.json = true;
    else if (a === '-h' || a === '--help') {
      console.log('node bench/bench.mjs [--tr46 DIR] [--corpus-dir DIR] [--names N] [--runs R] [--json]');
      process.exit(0);
    } else throw new Error(`bench: unknown argument ${a}`);
  }
  if (!(o.names > 0)) throw new Error('bench: --names must be positive');
  if (!(o.runs >= 1)) throw new Error('bench: --runs must be at least 1');
  return o;
}

async function loadTr46(where) {
  if (where) {
    let file = path.resolve(where);
    if (existsSync(file) && statSync(file).isDirectory()) {
      const pj = JSON.parse(readFileSync(path.join(file, 'package.json'), 'utf8'));
      file = path.join(file, pj.main || 'index.js');
      const mod = await import(pathToFileURL(file).href);
      return { tr46: mod.default ?? mod, version: pj.version, from: path.dirname(file) };
    }
    const mod = await import(pathToFileURL(file).href);
    return { tr46: mod.default ?? mod, version: 'unknown', from: file };
  }
  try {
    const mod = await import('tr46');
    let version = 'unknown';
    try {
      const { createRequire } = await import('node:module');
      version = createRequire(import.meta.url)('tr46/package.json').version;
    } catch { /* the version stays unknown */ }
    return { tr46: mod.default ?? mod, version, from: 'node_modules' };
  } catch {
    return null;
  }
}

function readRecords(file) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

// whatwg-url's call (URL Standard "domain to ASCII", beStrict = false).
const TR46_WHATWG = {
  checkHyphens: false, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: false,
  transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false,
};
const PUNY_WHATWG = { profile: 'whatwg' };

// A full collection before each timed pass, so that one pass does not pay for
// the garbage of the one before (tr46's above all): globalThis.gc when node
// runs with --expose-gc, else the same function obtained through the V8 flag.
const collect = (() => {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc');
    if (typeof gc === 'function') return gc;
  } catch { /* no collection between passes */ }
  return () => {};
})();

let sink = 0; // results feed this so that no call can be optimized away

/**
 * The best of `runs` timed passes of each function, ns per name.  The passes
 * are interleaved (one of each function per round) so that a change in the
 * machine's load during the run touches every column alike: the ratios are
 * what the goals are about.
 */
function measureAll(fns, count, runs) {
  const best = fns.map(() => Infinity);
  for (const fn of fns) fn(); // warm-up
  for (let r = 0; r < runs; r++) {
    fns.forEach((fn, k) => {
      collect();
      const t0 = process.hrtime.bigint();
      fn();
      const dt = Number(process.hrtime.bigint() - t0);
      if (dt < best[k]) best[k] = dt;
    });
  }
  return best.map((b) => b / count);
}

function perName(fn, names) {
  return () => {
    let n = 0;
    for (let i = 0; i < names.length; i++) {
      const r = fn(names[i]);
      if (r) n += r.length;
    }
    sink += n;
  };
}

function batched(names, size, opts) {
  const chunks = [];
  for (let i = 0; i < names.length; i += size) chunks.push(names.slice(i, i + size));
  return () => {
    let n = 0;
    for (const c of chunks) {
      const out = puny.toASCIIBatch(c, opts);
      n += out.length;
    }
    sink += n;
  };
}

function agreement(names, a, b) {
  let differ = 0;
  for (const s of names) if (a(s) !== b(s)) differ++;
  return differ;
}

const fmt = (x) => (x === null ? 'n/a' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const ratio = (x) => (x === null ? 'n/a' : `${x.toFixed(3)}×`);

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const t = await loadTr46(o.tr46);
  const wasmFile = path.join(PKG, 'dist', 'puny.wasm');
  const wasm = readFileSync(wasmFile);
  const gz = gzipSync(wasm, { level: 9 }).length;

  const ours = (s) => puny.toASCII(s, PUNY_WHATWG);
  const oursDefault = (s) => puny.toASCII(s);
  const ada = (s) => {
    const r = domainToASCII(s);
    return r === '' ? null : r; // '' is its failure
  };
  const tr = t ? (s) => t.tr46.toASCII(s, TR46_WHATWG) : null;

  const rows = [];
  for (const corpus of ['ascii', 'unicode', 'mixed']) {
    const file = path.join(o.corpusDir, `${corpus}.txt`);
    if (!existsSync(file)) throw new Error(`bench: ${file} not found (set PUNY_CORPUS_DIR or --corpus-dir)`);
    const names = readRecords(file).slice(0, o.names);
    const row = { corpus, names: names.length };
    const fns = [perName(domainToASCII, names), perName(ours, names), batched(names, names.length, PUNY_WHATWG),
      batched(names, 1000, PUNY_WHATWG), perName(oursDefault, names), batched(names, names.length, undefined),
      batched(names, 1000, undefined)];
    if (tr) fns.push(perName(tr, names));
    const m = measureAll(fns, names.length, o.runs);
    [row.url, row.punyPerName, row.punyBatch, row.punyBatch1000, row.defaultPerName, row.defaultBatch,
      row.defaultBatch1000] = m;
    row.tr46 = tr ? m[7] : null;
    row.vsTr46 = row.tr46 === null ? null : row.punyPerName / row.tr46;
    row.vsUrl = row.punyPerName / row.url;
    row.batchSpeedup = row.punyPerName / row.punyBatch;
    row.batch1000Speedup = row.punyPerName / row.punyBatch1000;
    row.defaultBatchSpeedup = row.defaultPerName / row.defaultBatch;
    row.defaultBatch1000Speedup = row.defaultPerName / row.defaultBatch1000;
    // Outputs that differ (null = failure), for the record.
    row.differFromUrl = agreement(names, ours, ada);
    row.differFromTr46 = tr ? agreement(names, ours, tr) : null;
    rows.push(row);
  }

  const env = {
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((x) => x.toFixed(2)).join(' '),
    tr46: t ? `${t.version} (${t.from})` : 'not found (pass --tr46 DIR)',
    runs: o.runs,
    wasmBytes: wasm.length,
    wasmGzipBytes: gz,
  };
  if (o.json) {
    console.log(JSON.stringify({ env, rows }, null, 2));
    return;
  }
  console.log(`Node ${env.node}, ${env.cpu} (${env.cpus} CPUs, load ${env.loadavg}), tr46 ${env.tr46}, best of ${o.runs}`);
  console.log('toASCII, URL Standard options (beStrict = false); ns per name\n');
  console.log('| corpus | names | url.domainToASCII | tr46.toASCII | puny per-name | puny batch (all) | puny batch (1,000) '
    + '| puny / tr46 (≤ 0.1) | puny / url (≤ 1) | batch speed-up (≥ 2) | batch 1,000 speed-up | differ from url / tr46 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.corpus} | ${r.names.toLocaleString('en-US')} | ${fmt(r.url)} | ${fmt(r.tr46)} | ${fmt(r.punyPerName)} `
      + `| ${fmt(r.punyBatch)} | ${fmt(r.punyBatch1000)} | ${ratio(r.vsTr46)} | ${ratio(r.vsUrl)} `
      + `| ${ratio(r.batchSpeedup)} | ${ratio(r.batch1000Speedup)} | ${r.differFromUrl} / ${r.differFromTr46 ?? 'n/a'} |`);
  }
  console.log('\nBatch against per-name: with the URL options above, the per-name form answers an ASCII name in JS '
    + '(the URL Standard\'s ASCII shortcut) without crossing into WebAssembly, so the batch has little to save there; '
    + 'with the default profile (uts46: every check) every name crosses.\n');
  console.log('| corpus | whatwg per-name | whatwg batch (all) | whatwg batch (1,000) | speed-up (all / 1,000) '
    + '| uts46 per-name | uts46 batch (all) | uts46 batch (1,000) | speed-up (all / 1,000) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.corpus} | ${fmt(r.punyPerName)} | ${fmt(r.punyBatch)} | ${fmt(r.punyBatch1000)} `
      + `| ${ratio(r.batchSpeedup)} / ${ratio(r.batch1000Speedup)} | ${fmt(r.defaultPerName)} | ${fmt(r.defaultBatch)} `
      + `| ${fmt(r.defaultBatch1000)} | ${ratio(r.defaultBatchSpeedup)} / ${ratio(r.defaultBatch1000Speedup)} |`);
  }
  console.log(`\npuny.wasm: ${wasm.length.toLocaleString('en-US')} bytes, ${gz.toLocaleString('en-US')} bytes gzipped `
    + `(zlib level 9; aim < 250 KB)`);
  if (sink < 0) console.log(sink); // never true; keeps the results alive
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
