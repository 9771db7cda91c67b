// mocha's globals from node:test, for the vendored mocha-style suites
// (punycode.js's tests/tests.js).  `npm test` passes it with --require, and
// node --test passes --require on to each test file's process.  Harmless for
// files that do not use them (this file itself is also run as a test file).
'use strict';
const t = require('node:test');
if (typeof globalThis.describe !== 'function') globalThis.describe = t.describe;
if (typeof globalThis.it !== 'function') globalThis.it = t.it;
if (typeof globalThis.before !== 'function') globalThis.before = t.before;
if (typeof globalThis.after !== 'function') globalThis.after = t.after;
if (typeof globalThis.beforeEach !== 'function') globalThis.beforeEach = t.beforeEach;
if (typeof globalThis.afterEach !== 'function') globalThis.afterEach = t.afterEach;
