// The inspector page in a real browser: Playwright (playwright-core, pinned)
// drives Debian's Chromium headless (/usr/bin/chromium; never `npx playwright
// install`) against web/serve.mjs on 127.0.0.1.  Types names, checks the
// rendered results, the shareable URL, keyboard focus order and the
// accessible names, takes screenshots (build-js/artifacts/inspector.png,
// inspector-offline.png) and reloads offline through the service worker.
// Run: cd web && npm ci && npm test   (CHROMIUM=/path overrides the browser;
// PUNY_ARTIFACTS=dir the screenshot directory).  Skipped without Chromium
// unless CI=true.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../serve.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = process.env.PUNY_ARTIFACTS ?? fileURLToPath(new URL('../../build-js/artifacts/', import.meta.url));
const WASM = fileURLToPath(new URL('../../js/dist/puny.wasm', import.meta.url));
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const missing = !existsSync(CHROMIUM) ? `${CHROMIUM} is missing (apt-get install chromium)`
  : !existsSync(WASM) ? `${WASM} is missing (cd js && npm run build)` : null;
if (missing && process.env.CI === 'true') throw new Error(`browser test: ${missing}`);
const skip = missing ?? false;

let server, base, context, userDir;

before(async () => {
  if (skip) return;
  const { chromium } = await import('playwright-core');
  ({ server, url: base } = await serve(0));
  userDir = mkdtempSync(join(tmpdir(), 'puny-chromium-'));
  context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1200, height: 900 },
    serviceWorkers: 'allow',
  });
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  if (context) await context.close();
  if (server) await new Promise((r) => server.close(r));
  if (userDir) rmSync(userDir, { recursive: true, force: true });
});

const NAMES = [
  'https://user@Bücher.DE:8080/path?q=1',
  'login.раураl.com',
  'someone@xn--bcher-kva.de',
  'a\u200Cb.example',
];

async function ready(page) {
  await page.waitForSelector('html[data-ready="1"]', { timeout: 20000 });
}

let page;

test('renders the forms, labels, errors, display decisions and look-alikes of typed names', { skip }, async () => {
  page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base);
  await ready(page);
  const box = page.getByLabel('Names, URLs or e-mail addresses');
  await box.click();
  await page.keyboard.type(NAMES[0]);
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(NAMES.slice(1).join('\n'));
  await page.getByRole('status').filter({ hasText: '4 entries' }).waitFor();
  assert.match(await page.locator('#status').textContent(), /4 entries: 3 valid, 1 invalid/);

  const url = page.getByRole('article', { name: NAMES[0] });
  await assert.doesNotReject(url.waitFor());
  const forms = await url.locator('dl.forms').innerText();
  assert.match(forms, /Kind\s+URL/);
  assert.match(forms, /Host\s+Bücher\.DE\b/);
  assert.match(forms, /ASCII\s+xn--bcher-kva\.de/);
  assert.match(forms, /Unicode\s+bücher\.de/);
  assert.match(forms, /Verdict\s+valid/);
  const labels = url.getByRole('table', { name: 'Labels' });
  assert.equal(await labels.getByRole('row').count(), 3);
  const cps = await labels.getByRole('list', { name: 'Code points of label 0' }).innerText();
  assert.match(cps, /ü\s*U\+00FC\s*Latn/);
  const chrome = url.getByRole('table', { name: 'Display decision of each policy' });
  assert.match(await chrome.getByRole('row', { name: /^chromium/ }).innerText(), /bücher\.de\s+shown in Unicode/);
  assert.match(await chrome.getByRole('row', { name: /^ascii/ }).innerText(), /xn--bcher-kva\.de/);

  const mail = page.getByRole('article', { name: NAMES[2] });
  assert.match(await mail.locator('dl.forms').innerText(), /Kind\s+e-mail address[\s\S]*Unicode\s+bücher\.de/);

  const spoof = page.getByRole('article', { name: NAMES[1] });
  const spoofRows = spoof.getByRole('table', { name: 'Display decision of each policy' });
  assert.match(await spoofRows.getByRole('row', { name: /^chromium/ }).innerText(), /xn--/);
  const looks = spoof.getByRole('list', { name: 'Look-alike protected domains' });
  assert.match(await looks.innerText(), /Looks like paypal\.com/);

  const zwnj = page.getByRole('article', { name: /^a\\u\{200C\}b\.example$/ });
  assert.match(await zwnj.locator('dl.forms').innerText(), /Verdict\s+invalid: C1/);
  const errCell = await zwnj.getByRole('table', { name: 'Labels' }).getByRole('row').nth(1).innerText();
  assert.match(errCell, /C1: U\+200C ZERO WIDTH NON-JOINER/);
  assert.deepEqual(errors, []);
});

test('the user protected list, profile and flag controls', { skip }, async () => {
  await page.getByText('Protected domains', { exact: true }).click();
  await page.getByLabel('Your protected domains (one a line, # comments)').fill('# mine\nexample.org\n');
  await page.getByLabel('Names, URLs or e-mail addresses').fill('ехаmple.org'); // Cyrillic е х а
  await page.getByRole('status').filter({ hasText: '1 entry' }).waitFor();
  await page.getByRole('list', { name: 'Look-alike protected domains' }).filter({ hasText: 'Looks like example.org' }).waitFor();
  assert.match(await page.locator('#protected-status').textContent(), /protected domains in use/);

  const hyphens = page.getByLabel('Check hyphens (V2, V3)');
  assert.equal(await hyphens.isChecked(), true);
  await page.getByLabel('Names, URLs or e-mail addresses').fill('ab--ç.example\nA_B.com') // V2 unless whatwg (not for ASCII input: the URL Standard's shortcut);
  await page.getByRole('status').filter({ hasText: '2 entries: 0 valid' }).waitFor();
  await page.getByLabel('Profile').selectOption('whatwg');
  assert.equal(await hyphens.isChecked(), false);
  await page.getByRole('status').filter({ hasText: '2 entries: 2 valid' }).waitFor();
  await hyphens.check();
  await page.getByRole('status').filter({ hasText: '2 entries: 1 valid' }).waitFor();
  assert.match(await page.getByRole('article', { name: 'A_B.com' }).locator('dl.forms').innerText(), /ASCII\s+a_b\.com/);
});

test('the state is in the URL fragment and can be shared', { skip }, async () => {
  await page.waitForFunction(() => location.hash.includes('p=whatwg'));
  const shared = page.url();
  const q = new URLSearchParams(new URL(shared).hash.slice(1));
  assert.equal(q.get('n'), 'ab--ç.example\nA_B.com');
  assert.equal(q.get('f'), 'checkHyphens:1');
  assert.equal(q.get('l'), '# mine\nexample.org\n');
  const other = await context.newPage();
  await other.goto(shared);
  await ready(other);
  assert.equal(await other.getByLabel('Names, URLs or e-mail addresses').inputValue(), 'ab--ç.example\nA_B.com');
  assert.equal(await other.getByLabel('Profile').inputValue(), 'whatwg');
  assert.equal(await other.getByLabel('Check hyphens (V2, V3)').isChecked(), true);
  assert.match(await other.locator('#status').textContent(), /2 entries: 1 valid/);
  await other.close();
  // A lone surrogate (set as a JS string: typing cannot make one) is named, with V7, never replaced by U+FFFD.
  await page.evaluate(() => {
    const t = document.getElementById('names');
    t.value = 'a\uD800b.com';
    t.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.getByRole('status').filter({ hasText: '1 entry: 0 valid' }).waitFor();
  const lone = await page.locator('article.entry').innerText();
  assert.match(lone, /a\\u\{D800\}b\.com/);
  assert.match(lone, /invalid: (.* )?V7\b/);
  assert.doesNotMatch(lone, /\uFFFD/);
});

test('keyboard focus order and accessible names', { skip }, async () => {
  await page.close();
  page = await context.newPage();
  await page.goto(`${base}#${new URLSearchParams({ n: NAMES.join('\n') })}`);
  await ready(page);
  const order = [];
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName.toLowerCase()));
  }
  assert.deepEqual(order, ['skip', 'names', 'profile', 'flag-checkHyphens', 'flag-checkBidi', 'flag-checkJoiners',
    'flag-useSTD3ASCIIRules', 'flag-transitionalProcessing', 'flag-verifyDNSLength', 'flag-ignoreInvalidPunycode',
    'flag-forbidDomainCodePoints', 'flag-rejectEmpty', 'flag-asciiInputLowercaseOnly', 'flag-displayFallback', 'summary']);
  // The skip link moves focus to the results.
  await page.reload();
  await ready(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results');
  // Space toggles a flag, arrows change the profile, the details opens with Enter.
  await page.getByLabel('Check bidi (B1–B6)').focus();
  await page.keyboard.press('Space');
  assert.equal(await page.getByLabel('Check bidi (B1–B6)').isChecked(), false);
  await page.keyboard.press('Space');
  await page.getByLabel('Profile').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByLabel('Profile').inputValue(), 'whatwg');
  await page.keyboard.press('ArrowUp');
  await page.locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#protected-box').evaluate((d) => d.open), true);
  // Every control has an accessible name.
  for (const [role, name] of [['textbox', 'Names, URLs or e-mail addresses'], ['combobox', 'Profile'],
    ['checkbox', 'Transitional processing'], ['textbox', 'Your protected domains (one a line, # comments)'],
    ['checkbox', 'Also use the default list of popular domains'], ['region', 'Results'], ['group', 'Flags (set by the profile; change any)']]) {
    assert.equal(await page.getByRole(role, { name, exact: true }).count(), 1, `${role} "${name}"`);
  }
  const snap = await page.getByRole('region', { name: 'Results' }).ariaSnapshot();
  assert.match(snap, /article "login\.раураl\.com"/);
  assert.match(snap, /table "Labels"/);
  assert.match(snap, /Looks like paypal\.com/);
  const shot = join(ARTIFACTS, 'inspector.png');
  await page.screenshot({ path: shot, fullPage: true });
  assert.ok(existsSync(shot));
  console.log(`screenshot: ${shot}`);
});

test('works offline once loaded (service worker)', { skip }, async () => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await ready(page);
    assert.match(await page.locator('#status').textContent(), /4 entries: 3 valid, 1 invalid/);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
    await page.getByLabel('Names, URLs or e-mail addresses').fill('faß.de');
    await page.getByRole('status').filter({ hasText: '1 entry: 1 valid' }).waitFor();
    assert.match(await page.getByRole('article', { name: 'faß.de' }).locator('dl.forms').innerText(), /ASCII\s+xn--fa-hia\.de/);
    const shot = join(ARTIFACTS, 'inspector-offline.png');
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);
  } finally {
    await context.setOffline(false);
  }
});
