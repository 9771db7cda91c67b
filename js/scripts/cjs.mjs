#!/usr/bin/env node
// Writes the CommonJS entry points next to dist/puny.wasm, derived from the ES
// modules without a bundler (node scripts/cjs.mjs; scripts/build.mjs may call it):
//   dist/index.cjs     = src/core.mjs with `export ` dropped, + a synchronous load of
//                        puny.wasm (Node: new WebAssembly.Module of the bytes) + module.exports
//   dist/NAME.cjs      for each other src/NAME.mjs (the drop-ins; all of them, or those named as arguments):
//                        `import {a, b} from './index.mjs'` (or './core.mjs') becomes
//                        `const {a, b} = require('./index.cjs')`, `export` dropped, module.exports added.
// Handles only what these sources use: `export function|class|const|let|async function`,
// `export default`, and named imports of ./index.mjs or ./core.mjs.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const jsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(jsDir, 'src');
const dist = join(jsDir, 'dist');
mkdirSync(dist, { recursive: true });

function convert(text, file) {
  const names = [];
  let defaultName = null;
  let out = text.replace(/^import\s*\{([^}]*)\}\s*from\s*'\.\/(?:index|core)\.mjs';?$/gm,
    (_, list) => `const {${list.replace(/\s+as\s+/g, ': ')}} = require('./index.cjs');`);
  out = out.replace(/^export\s+(async\s+function\*?|function\*?|class|const|let)\s+([A-Za-z_$][\w$]*)/gm,
    (_, kind, name) => { names.push(name); return `${kind} ${name}`; });
  out = out.replace(/^export\s+default\s+([A-Za-z_$][\w$]*);?$/gm, (_, name) => { defaultName = name; return ''; });
  if (/^\s*(import|export)\b/m.test(out)) throw new Error(`${file}: an import or export this script cannot convert`);
  if (/\bimport\.meta\b|^await\b/m.test(out)) throw new Error(`${file}: import.meta or top-level await`);
  return { out, names, defaultName };
}

function header(file) {
  return `'use strict';\n// Generated from src/${file} by scripts/cjs.mjs: do not edit.\n`;
}

const core = convert(readFileSync(join(src, 'core.mjs'), 'utf8'), 'core.mjs');
writeFileSync(join(dist, 'index.cjs'), header('core.mjs') + core.out + `
// Synchronous load (Node): puny.wasm beside this file.
init(new WebAssembly.Module(require('node:fs').readFileSync(require('node:path').join(__dirname, 'puny.wasm'))));

module.exports = { ${core.names.join(', ')} };
`);
console.log(`cjs: dist/index.cjs (${core.names.length} exports)`);

const others = process.argv.length > 2 ? process.argv.slice(2)
  : readdirSync(src).filter((f) => f.endsWith('.mjs') && f !== 'core.mjs' && f !== 'index.mjs');
for (const arg of others) {
  const name = arg.replace(/^.*\//, '').replace(/\.mjs$/, '');
  const m = convert(readFileSync(join(src, `${name}.mjs`), 'utf8'), `${name}.mjs`);
  const exportsLine = m.defaultName
    ? `module.exports = Object.assign(${m.defaultName}, { ${m.names.join(', ')} });\n` +
      `module.exports.default = ${m.defaultName};\n`
    : `module.exports = { ${m.names.join(', ')} };\n`;
  writeFileSync(join(dist, `${name}.cjs`), header(`${name}.mjs`) + m.out + '\n' + exportsLine);
  console.log(`cjs: dist/${name}.cjs (${m.names.length} exports${m.defaultName ? ' + default' : ''})`);
}
