// The IDN inspector page: per pasted name, URL or e-mail address its ASCII and
// Unicode forms, the labels with code points, scripts and errors (the words of
// `puny check`), the display decision of each policy and the protected domains
// it looks like.  State lives in location.hash (never sent to a server).
const $ = (id) => document.getElementById(id);
const statusEl = $('status');

let puny;
try {
  puny = await import('./js/src/index.mjs');
} catch (e) {
  statusEl.textContent = `The WebAssembly module could not be loaded: ${e && e.message ? e.message : e}`;
  throw e;
}

const FLAGS = [
  ['checkHyphens', 'Check hyphens (V2, V3)'],
  ['checkBidi', 'Check bidi (B1–B6)'],
  ['checkJoiners', 'Check joiners (C1, C2)'],
  ['useSTD3ASCIIRules', 'STD3 ASCII rules (U1)'],
  ['transitionalProcessing', 'Transitional processing'],
  ['verifyDNSLength', 'Verify DNS length (A4)'],
  ['ignoreInvalidPunycode', 'Ignore invalid Punycode'],
  ['forbidDomainCodePoints', 'Forbidden domain code points (W1)'],
  ['rejectEmpty', 'Reject an empty result (W2)'],
  ['asciiInputLowercaseOnly', 'ASCII input: lowercase only'],
  ['displayFallback', 'Display fallback (ToUnicode)'],
];
const MAX_ENTRIES = 100;

const names = $('names');
const profile = $('profile');
const flagsBox = $('flags');
const protectedText = $('protected');
const useDefault = $('use-default');
const results = $('results');

for (const [key, text] of FLAGS) {
  const wrap = document.createElement('span');
  wrap.className = 'flag';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = `flag-${key}`;
  box.name = key;
  const label = document.createElement('label');
  label.htmlFor = box.id;
  label.textContent = text;
  wrap.append(box, label);
  flagsBox.append(wrap);
}
const flagBox = (key) => $(`flag-${key}`);

/** The flags a profile sets. */
function profileFlags(p) {
  const base = puny.optionBits({ profile: p });
  const out = {};
  for (const [key] of FLAGS) out[key] = (puny.optionBits({ profile: p, [key]: true }) === base);
  return out;
}

function setFlagsFromProfile() {
  const f = profileFlags(profile.value);
  for (const [key] of FLAGS) flagBox(key).checked = f[key];
}

/** The options of the controls: the profile plus the flags that differ from it. */
function currentOptions() {
  const opts = { profile: profile.value };
  const f = profileFlags(profile.value);
  for (const [key] of FLAGS) if (flagBox(key).checked !== f[key]) opts[key] = flagBox(key).checked;
  return opts;
}

// ---- state in the fragment ----
function writeHash() {
  const opts = currentOptions();
  const q = new URLSearchParams();
  if (names.value !== '') q.set('n', names.value);
  if (opts.profile !== 'uts46') q.set('p', opts.profile);
  const f = FLAGS.filter(([k]) => k in opts).map(([k]) => `${k}:${opts[k] ? 1 : 0}`);
  if (f.length) q.set('f', f.join(','));
  if (protectedText.value !== '') q.set('l', protectedText.value);
  if (!useDefault.checked) q.set('d', '0');
  const h = q.toString();
  const url = `${location.pathname}${location.search}${h ? `#${h}` : ''}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
}

function readHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  names.value = q.get('n') ?? '';
  const p = q.get('p');
  profile.value = [...profile.options].some((o) => o.value === p) ? p : 'uts46';
  setFlagsFromProfile();
  for (const item of (q.get('f') ?? '').split(',')) {
    const [k, v] = item.split(':');
    if (FLAGS.some(([key]) => key === k)) flagBox(k).checked = v === '1';
  }
  protectedText.value = q.get('l') ?? '';
  useDefault.checked = q.get('d') !== '0';
  if (protectedText.value !== '') $('protected-box').open = true;
}

// ---- protected domains ----
let defaultList = '';
try {
  const r = await fetch('./default-protected.txt');
  if (r.ok) defaultList = await r.text();
} catch {
  defaultList = '';
}
let index = null;
let indexKey = null;
function protectedIndex() {
  const key = `${useDefault.checked ? 1 : 0}\n${protectedText.value}`;
  if (key === indexKey) return index;
  if (index !== null) index.dispose();
  index = new puny.LookalikeIndex();
  let added = 0, refused = 0, firstRefusedLine = 0;
  const note = (r) => {
    added += r.added;
    if (r.refused && !firstRefusedLine) firstRefusedLine = r.firstRefusedLine;
    refused += r.refused;
  };
  if (useDefault.checked && defaultList) note(index.addList(defaultList));
  const own = protectedText.value;
  let ownBad = '';
  if (own.trim() !== '') {
    if (typeof own.isWellFormed === 'function' && !own.isWellFormed()) ownBad = ' Your list holds a lone surrogate: it was not used.';
    else {
      const before = refused;
      const r = index.addList(own);
      added += r.added;
      refused += r.refused;
      if (r.refused > 0 && before === refused - r.refused) ownBad = ` ${r.refused} of your lines were refused (the first is line ${r.firstRefusedLine}).`;
    }
  }
  $('protected-status').textContent = `${index.size} protected domains in use.${ownBad}`;
  indexKey = key;
  return index;
}

// ---- input parsing ----
/** The host of a name, URL or e-mail address (no `new URL`: it would apply the browser's own IDNA). */
export function hostOf(line) {
  let s = line.trim();
  let kind = 'name';
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(s);
  if (scheme) {
    kind = 'URL';
    s = s.slice(scheme[0].length);
    s = s.split(/[/?#\\]/, 1)[0];
    const at = s.lastIndexOf('@');
    if (at >= 0) s = s.slice(at + 1);
  } else if (/^mailto:/i.test(s)) {
    kind = 'e-mail address';
    s = s.slice(7).split('?', 1)[0];
    s = s.slice(s.lastIndexOf('@') + 1);
  } else if (s.includes('@')) {
    kind = 'e-mail address';
    s = s.slice(s.lastIndexOf('@') + 1);
  } else if (/[/?#]/.test(s)) {
    kind = 'URL';
    s = s.split(/[/?#]/, 1)[0];
  }
  if (kind === 'URL' && !s.startsWith('[')) s = s.replace(/:\d*$/, '');
  return { kind, host: s };
}

// ---- rendering helpers ----
function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  if (props) for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

const HIDDEN = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}\p{M}]/u;
/** A string with its invisible characters written as \u{XXXX}, as `puny check` does. */
function visible(s) {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    out += (cp < 0x20 || cp === 0x7f || (cp > 0x7f && HIDDEN.test(ch) && !/\p{M}/u.test(ch))) ? `\\u{${cp.toString(16).toUpperCase().padStart(4, '0')}}` : ch;
  }
  return out;
}
const hex = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

function dlRow(dl, term, value, cls) {
  dl.append(el('dt', { text: term }), el('dd', cls ? { class: cls, text: value } : { text: value }));
}

function codesText(codes) {
  return codes.length ? codes.join(' ') : 'none';
}

function labelTable(entryId, c) {
  const t = el('table', { class: 'labels' });
  t.append(el('caption', { text: 'Labels' }));
  const head = el('tr');
  for (const h of ['#', 'Input', 'Unicode', 'ASCII', 'Code points and scripts', 'Errors']) head.append(el('th', { scope: 'col', text: h }));
  t.append(el('thead', null, head));
  const body = el('tbody');
  c.labels.forEach((lab, i) => {
    const tr = el('tr');
    tr.append(el('th', { scope: 'row', text: String(i) }));
    tr.append(el('td', { class: 'mono', text: visible(lab.input) }));
    tr.append(el('td', { class: 'mono', text: visible(lab.unicode) }));
    tr.append(el('td', { class: 'mono', text: lab.ascii === '' ? '(cannot be encoded)' : lab.ascii }));
    const cps = el('ul', { class: 'cps', 'aria-label': `Code points of label ${i}` });
    for (const p of lab.codePoints.slice(0, 256)) {
      const ch = String.fromCodePoint(p.cp);
      const shown = HIDDEN.test(ch) ? '' : ch;
      cps.append(el('li', { title: `${p.hex} ${p.script}` }, shown ? el('span', { class: 'ch', text: shown }) : null,
        ` ${p.hex} `, el('span', { class: 'script', text: p.script })));
    }
    if (lab.codePoints.length > 256) cps.append(el('li', { text: `… ${lab.codePoints.length - 256} more` }));
    tr.append(el('td', null, cps));
    const errs = el('td');
    if (lab.violations.length === 0 && lab.errors.length === 0) errs.append(el('span', { class: 'verdict-ok', text: 'none' }));
    else {
      const ul = el('ul', { class: 'plain' });
      for (const v of lab.violations) ul.append(el('li', null, el('span', { class: 'code', text: v.code }), `: ${v.detail}`));
      const listed = new Set(lab.violations.map((v) => v.code));
      for (const code of lab.errors) if (!listed.has(code)) ul.append(el('li', null, el('span', { class: 'code', text: code })));
      if (lab.unlisted) ul.append(el('li', { text: `${lab.unlisted} more not listed` }));
      errs.append(ul);
    }
    tr.append(errs);
    body.append(tr);
  });
  t.append(body);
  return t;
}

function displayTable(host, idx) {
  const t = el('table', { class: 'display' });
  t.append(el('caption', { text: 'Display decision of each policy' }));
  const head = el('tr');
  for (const h of ['Policy', 'Shown as', 'Decision', 'Reasons']) head.append(el('th', { scope: 'col', text: h }));
  t.append(el('thead', null, head));
  const body = el('tbody');
  const lookalikes = new Map();
  for (const policy of puny.displayPolicies()) {
    const d = puny.display(host, { policy, protect: idx });
    const tr = el('tr');
    tr.append(el('th', { scope: 'row', text: policy }));
    tr.append(el('td', { class: 'mono', text: d.display === null ? '—' : visible(d.display) }));
    const unicodeShown = d.labels.some((l) => l.shownUnicode);
    const anyNonAscii = d.labels.some((l) => l.nonAscii);
    let verdict;
    if (d.status === 'success' && d.errors.length) verdict = el('span', { class: 'verdict-bad', text: 'invalid: shown as given' });
    else if (d.status !== 'success') verdict = el('span', { class: 'verdict-bad', text: `not shown (${d.status})` });
    else if (d.shownAsIs) verdict = el('span', { class: 'verdict-ok', text: anyNonAscii ? 'shown in Unicode' : 'shown as is' });
    else verdict = el('span', { class: 'verdict-bad', text: unicodeShown ? 'partly in Unicode' : 'shown as xn-- (Punycode)' });
    tr.append(el('td', null, verdict));
    const reasons = el('td');
    if (d.reasons.length === 0) reasons.append(el('span', { text: '—' }));
    else {
      const ul = el('ul', { class: 'plain' });
      for (const r of d.reasons) {
        const lab = d.labels.findIndex((l) => l.reasons.includes(r));
        const l = lab >= 0 ? d.labels[lab] : null;
        const at = l && l.codePoint !== null ? ` (label ${lab}, ${hex(l.codePoint)})` : (lab >= 0 ? ` (label ${lab})` : '');
        ul.append(el('li', null, el('span', { class: 'code', text: r }), `: ${puny.displayReasonMessage(r) ?? ''}${at}`));
      }
      reasons.append(ul);
    }
    if (d.errors.length) reasons.append(el('div', { text: `IDNA codes: ${d.errors.join(' ')}` }));
    tr.append(reasons);
    body.append(tr);
    if (d.lookalike) lookalikes.set(d.lookalike.domain, policy);
  }
  t.append(body);
  return { table: t, lookalikes };
}

function renderEntry(line, n, opts, idx) {
  const { kind, host } = hostOf(line);
  const id = `entry-${n}`;
  const art = el('article', { class: 'entry', 'aria-labelledby': `${id}-h`, id });
  art.append(el('h2', { id: `${id}-h`, text: visible(line.trim()) }));
  const bad = typeof host.isWellFormed === 'function' && !host.isWellFormed();
  const c = puny.check(host, opts);
  const u = puny.toUnicodeResult(host, opts);
  const dl = el('dl', { class: 'forms' });
  dlRow(dl, 'Kind', kind);
  dlRow(dl, 'Host', visible(host));
  dlRow(dl, 'ASCII', c.ok ? c.ascii : `${c.ascii || '—'} (ToASCII fails)`);
  dlRow(dl, 'Unicode', visible(u.value ?? ''));
  const v = el('dd');
  v.append(el('span', { class: c.ok ? 'verdict-ok' : 'verdict-bad', text: c.ok ? 'valid' : `invalid: ${codesText(c.errors)}` }));
  if (c.label !== null && !c.ok) v.append(` (first in label ${c.label})`);
  dl.append(el('dt', { text: 'Verdict' }), v);
  if (u.errors.length) dlRow(dl, 'ToUnicode codes', u.errors.join(' '));
  art.classList.add(c.ok ? 'ok' : 'bad');
  art.append(dl);
  if (c.domainViolations.length) {
    art.append(el('h3', { text: 'Whole-name errors' }));
    const ul = el('ul', { class: 'plain' });
    for (const d of c.domainViolations) ul.append(el('li', null, el('span', { class: 'code', text: d.code }), `: ${d.detail}`));
    art.append(ul);
  }
  if (c.labels.length) art.append(labelTable(id, c));
  if (bad) {
    art.append(el('p', { text: 'The input holds a lone surrogate: no display decision (V7).' }));
    return art;
  }
  const { table, lookalikes } = displayTable(host, idx);
  art.append(table);
  const direct = idx.find(host) ?? idx.findWithoutSeparators(host);
  if (direct) lookalikes.set(direct.domain, lookalikes.get(direct.domain) ?? 'skeleton');
  const la = el('div', { class: 'lookalikes' });
  la.append(el('h3', { text: 'Protected domains it looks like' }));
  if (lookalikes.size === 0) la.append(el('p', { text: 'None.' }));
  else {
    const ul = el('ul', { class: 'plain', 'aria-label': 'Look-alike protected domains' });
    for (const dom of lookalikes.keys()) ul.append(el('li', { class: 'lookalike', text: `Looks like ${dom}` }));
    la.append(ul);
  }
  art.append(la);
  return art;
}

function render() {
  let opts;
  try {
    opts = currentOptions();
  } catch (e) {
    statusEl.textContent = String(e.message ?? e);
    return;
  }
  const idx = protectedIndex();
  const lines = names.value.split(/\r?\n/).filter((l) => l.trim() !== '');
  results.replaceChildren();
  const shown = lines.slice(0, MAX_ENTRIES);
  shown.forEach((line, i) => {
    try {
      results.append(renderEntry(line, i, opts, idx));
    } catch (e) {
      results.append(el('article', { class: 'entry bad' }, el('h2', { text: visible(line) }), el('p', { text: `Error: ${e.message ?? e}` })));
    }
  });
  const valid = results.querySelectorAll('article.entry.ok').length;
  statusEl.textContent = lines.length === 0
    ? 'Type or paste a name to inspect it.'
    : `${shown.length} ${shown.length === 1 ? 'entry' : 'entries'}: ${valid} valid, ${shown.length - valid} invalid.` +
      (lines.length > MAX_ENTRIES ? ` Only the first ${MAX_ENTRIES} of ${lines.length} are shown.` : '');
}

let timer = 0;
function update() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    writeHash();
    render();
  }, 120);
}

names.addEventListener('input', update);
protectedText.addEventListener('input', update);
useDefault.addEventListener('change', update);
flagsBox.addEventListener('change', update);
profile.addEventListener('change', () => {
  setFlagsFromProfile();
  update();
});
$('controls').addEventListener('submit', (e) => e.preventDefault());
// The skip link would put "#results" in the fragment (the state): focus the results instead.
$('skip').addEventListener('click', (e) => {
  e.preventDefault();
  results.focus();
});
window.addEventListener('hashchange', () => {
  if (location.hash !== '' && !location.hash.includes('=')) return; // an in-page anchor, not a state
  readHash();
  render();
});

$('versions').textContent = `puny ${puny.version()}, Unicode ${puny.unicodeVersion()}. Works offline once loaded.`;
readHash();
render();
document.documentElement.dataset.ready = '1';

if ('serviceWorker' in navigator && (location.protocol === 'https:' || location.hostname === 'localhost' || location.hostname === '127.0.0.1')) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
