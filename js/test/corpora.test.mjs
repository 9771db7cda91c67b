// The JavaScript paths agree with the `puny` command on the three corpora.
//
// For each corpus (ascii, unicode, mixed: 100,000 names each) and profile
// (uts46, whatwg), the command's `--format jsonl` record of every name
// (output, ok, codes) is the reference, as in python/tests/test_corpora.py,
// and each JS path must give the same: the per-name forms (toASCIIResult /
// toUnicodeResult, and toASCII / toUnicode) and the batch forms.  to-unicode
// runs on the corpus as it is and on its ACE form (the command's to-ascii
// outputs), so that decoding is compared too.  A failure is compared as a
// failure: no output from ToASCII, the same codes in the same order;
// ToUnicode's output is compared with errors too (the command writes it).
//
// The corpora are $PUNY_CORPUS_DIR/{ascii,unicode,mixed}.txt, else
// REPO/../shared/corpus; the command is $PUNY_EXE, else REPO/build/cli/puny.
// When either is missing the tests are skipped, except under CI=true, where
// they fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as puny from '../src/index.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS_DIR = process.env.PUNY_CORPUS_DIR || path.join(REPO, '..', 'shared', 'corpus');
const PUNY_EXE = process.env.PUNY_EXE || path.join(REPO, 'build', 'cli', 'puny');
const IN_CI = process.env.CI === 'true';
const CORPORA = ['ascii', 'unicode', 'mixed'];
const PROFILES = ['uts46', 'whatwg'];
const REPORT_LIMIT = 20;

/** The records of a file as the command reads them: LF or CRLF ends a line, an empty line is the empty record. */
function readRecords(file) {
  const text = readFileSync(file, 'utf8');
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** `puny COMMAND --profile P --format jsonl -f FILE`: one {output, ok, errors} per input line. */
function runCli(command, profile, file) {
  const p = spawnSync(PUNY_EXE, [command, '--profile', profile, '--format', 'jsonl', '-q', '-j', '2', '-f', file], {
    maxBuffer: 1 << 30,
  });
  assert.equal(p.error, undefined, `${PUNY_EXE}: ${p.error}`);
  // Exit status 1 only says that some record failed; 2 is a usage error.
  assert.ok(p.status === 0 || p.status === 1, `${PUNY_EXE} ${command} exited ${p.status}: ${p.stderr}`);
  const out = p.stdout.toString('utf8');
  assert.ok(out === '' || out.endsWith('\n'));
  return out.split('\n').slice(0, -1).map((line) => {
    const j = JSON.parse(line);
    return { output: j.output, ok: j.ok, errors: j.errors };
  });
}

class Diff {
  constructor(what) {
    this.what = what;
    this.same = 0;
    this.total = 0;
    this.lines = [];
  }

  compare(i, name, got, want) {
    this.total++;
    const g = JSON.stringify(got);
    const w = JSON.stringify(want);
    if (g === w) this.same++;
    else if (this.lines.length < REPORT_LIMIT) this.lines.push(`#${i} ${JSON.stringify(name)}: got ${g}, want ${w}`);
  }

  verify() {
    const summary = `${this.what}: ${this.same}/${this.total} equal to the puny command`;
    console.log(summary);
    assert.ok(this.total > 0, `${this.what}: nothing compared`);
    assert.ok(this.same === this.total, [summary, ...this.lines].join('\n'));
  }
}

function missingPrerequisite() {
  const files = CORPORA.map((c) => path.join(CORPUS_DIR, `${c}.txt`));
  for (const f of files) if (!existsSync(f)) return `${f} not found (set PUNY_CORPUS_DIR)`;
  if (!existsSync(PUNY_EXE)) {
    return `${PUNY_EXE} not found (set PUNY_EXE, or build it: cmake --build build --target puny_cli)`;
  }
  return null;
}

const MISSING = missingPrerequisite();
const tmp = MISSING === null ? mkdtempSync(path.join(tmpdir(), 'puny-js-corpora-')) : null;
process.on('exit', () => {
  if (tmp !== null) rmSync(tmp, { recursive: true, force: true });
});

/** The command's verdicts on one corpus under one profile. */
function cases(corpus, profile) {
  const file = path.join(CORPUS_DIR, `${corpus}.txt`);
  const names = readRecords(file);
  const ascii = runCli('to-ascii', profile, file);
  assert.equal(ascii.length, names.length, 'one output record per input record');
  const unicode = runCli('to-unicode', profile, file);
  assert.equal(unicode.length, names.length);
  // The ACE forms: what the command made of the names that converted.
  const ace = ascii.filter((e) => e.output !== null).map((e) => e.output);
  const aceFile = path.join(tmp, `${corpus}-${profile}-ace.txt`);
  writeFileSync(aceFile, ace.map((a) => `${a}\n`).join(''));
  const aceUnicode = runCli('to-unicode', profile, aceFile);
  assert.equal(aceUnicode.length, ace.length);
  return { names, ascii, unicode, ace, aceUnicode };
}

// A result object as a command record.
const record = (r) => ({ output: r.value, ok: r.ok, errors: r.errors });

for (const corpus of CORPORA) {
  for (const profile of PROFILES) {
    test(`${corpus}.txt, profile ${profile}: to-ascii and to-unicode, per name and batch`, (t) => {
      if (MISSING !== null) {
        if (IN_CI) assert.fail(`CI=true and ${MISSING}`);
        t.skip(MISSING);
        return;
      }
      const c = cases(corpus, profile);
      const opts = { profile };
      const runs = [
        ['to-ascii', c.names, c.ascii, puny.toASCIIResult, puny.toASCII, puny.toASCIIBatchResults, puny.toASCIIBatch],
        ['to-unicode', c.names, c.unicode, puny.toUnicodeResult, puny.toUnicode, puny.toUnicodeBatchResults,
          puny.toUnicodeBatch],
        ['to-unicode of ACE', c.ace, c.aceUnicode, puny.toUnicodeResult, puny.toUnicode,
          puny.toUnicodeBatchResults, puny.toUnicodeBatch],
      ];
      for (const [what, names, want, single, plain, batchResults, batch] of runs) {
        const tag = `${what} ${corpus} ${profile}`;
        const dSingle = new Diff(`${tag} per name`);
        const dPlain = new Diff(`${tag} per name (string form)`);
        names.forEach((name, i) => {
          dSingle.compare(i, name, record(single(name, opts)), want[i]);
          // toASCII: the string or null; toUnicode: always the string.
          dPlain.compare(i, name, plain(name, opts), want[i].output);
        });
        dSingle.verify();
        dPlain.verify();
        const br = batchResults(names, opts);
        const bs = batch(names, opts);
        assert.equal(br.length, names.length);
        assert.equal(bs.length, names.length);
        const dBatch = new Diff(`${tag} batch`);
        const dBatchPlain = new Diff(`${tag} batch (string form)`);
        names.forEach((name, i) => {
          dBatch.compare(i, name, record(br[i]), want[i]);
          dBatchPlain.compare(i, name, bs[i], want[i].output);
        });
        dBatch.verify();
        dBatchPlain.verify();
      }
    });
  }
}
