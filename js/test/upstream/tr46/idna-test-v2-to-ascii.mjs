// IdnaTestV2ToASCII.json for tr46's test/toascii.js: a JS port of wpt's
// url/tools/IdnaTestV2-parser.py (web-platform-tests, BSD-3-Clause; read at
// commit 0bcda0b06b21529096a239b8048088d6b48be225), run as tr46's
// scripts/getLatestTests.js runs it: --exclude-ipv4-like --exclude-std3
// --exclude-bidi.  Input: the text of IdnaTestV2.txt (Unicode 17.0.0).
// A module without tests (node --test runs it as an empty file).
import assert from 'node:assert/strict';

/** wpt url/tools/IdnaTestV2-parser.py --exclude-ipv4-like --exclude-std3 --exclude-bidi, in JS. */
export function idnaTestV2ToASCII(text) {
  const out = [
    'THIS IS A GENERATED FILE. PLEASE DO NOT MODIFY DIRECTLY. See IdnaTestV2-parser.py instead.',
    '--exclude-ipv4-like: True; --exclude-std3: True; --exclude_bidi: True',
  ];
  // The Python uses json.loads('"' + line + '"'); Unicode 17's file writes an
  // empty column as "" (which that call cannot read), so: \uXXXX and \x{...}
  // escapes resolved, and a column "" is the empty string (an explicit value).
  const unescape = (s) => s.replace(/\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}/g,
    (_, u, x) => (u ? String.fromCharCode(parseInt(u, 16)) : String.fromCodePoint(parseInt(x, 16))));
  const EMPTY = '\u0000EMPTY\u0000';
  const endsInANumber = (input) => {
    const parts = input.split(/\u002E|\uFF0E|\u3002|\uFF61/);
    if (parts[parts.length - 1] === '') {
      if (parts.length === 1) return false;
      parts.pop();
    }
    const last = parts[parts.length - 1];
    return /^[0-9]+$/.test(last);
  };
  for (let line of text.split('\n')) {
    line = line.trimEnd();
    if (line.startsWith('#') || line === '') continue;
    line = unescape(line);
    if (line.startsWith('#')) continue;
    const columns = line.split('#')[0].split(';').map((c) => c.trim()).map((c) => (c === '""' ? EMPTY : c));
    const v = (c) => (c === EMPTY ? '' : c);
    const source = v(columns[0]);
    const toUnicode = columns[1] === '' ? source : v(columns[1]);
    if (endsInANumber(source)) continue;
    if (/\u2260|\u226E|\u226F|<|>|\$|,/.test(toUnicode)) continue;
    let toAscii = columns[3] === '' ? toUnicode : v(columns[3]);
    const temp = columns[4] === '' ? columns[2] : columns[4];
    let statuses = [];
    if (temp !== '') {
      assert.ok(temp.startsWith('['));
      statuses = temp.slice(1, -1).split(',').map((s) => s.trim());
    }
    const ignored = statuses.filter((s) => ['A4_1', 'A4_2', 'U1', 'V2', 'V3'].includes(s));
    statuses = statuses.filter((s) => !ignored.includes(s));
    if (statuses.some((s) => ['B1', 'B2', 'B3', 'B4', 'B5', 'B6'].includes(s))) continue;
    if (statuses.length > 0) toAscii = null;
    const t = { input: source, output: toAscii };
    let comment = '';
    for (const s of statuses) comment += s + '; ';
    for (const s of ignored) comment += s + ' (ignored); ';
    if (comment !== '') t.comment = comment.trim().slice(0, -1);
    out.push(t);
  }
  return out;
}

