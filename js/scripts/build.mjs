#!/usr/bin/env node
// npm run build: compiles puny for wasm32 (js/wasm/CMakeLists.txt, clang 14
// and Debian's wasm32 packages, as .ci/wasm.sh) into build-js/wasm at the
// repository root, copies the module to js/dist/puny.wasm, proves it has no
// imports (it must instantiate with `{}` in Node, browsers, Deno and edge
// workers alike) and prints its size, raw and gzipped.
//   node scripts/build.mjs [--build-dir DIR] [--jobs N] [--keep-names] [--optimize-size] [--no-simd]
// --keep-names keeps the name section (function names in a trap's stack
// trace; +7 KB gzipped).  --optimize-size compiles with -Os instead of -O3
// (in build-js/wasm-os: -20 KB gzipped, measured 0-15% slower on the
// corpora), for a size-bound deployment; the default favours speed.
// Environment: PUNY_JS_JOBS (default 2: the CI machine has two cores),
// CMAKE_CXX_COMPILER_LAUNCHER is passed on when set (e.g. ccache).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const jsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(jsDir, '..');

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const optimizeSize = args.includes('--optimize-size');
const buildDir = resolve(repo, option('--build-dir', join('build-js', optimizeSize ? 'wasm-os' : 'wasm')));
const jobs = option('--jobs', process.env.PUNY_JS_JOBS || '2');
const keepNames = args.includes('--keep-names');
// --no-simd: a module without WebAssembly SIMD128, for engines older than
// 2021 (js/wasm/CMakeLists.txt, PUNY_JS_SIMD).
const simd = !args.includes('--no-simd');

function fail(message) {
  console.error(`build: FAILED: ${message}`);
  process.exit(1);
}

function run(command, commandArgs) {
  console.log(`build: ${command} ${commandArgs.join(' ')}`);
  const r = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: repo });
  if (r.error) fail(`${command}: ${r.error.message}`);
  if (r.status !== 0) fail(`${command} exited with ${r.status}`);
}

// The prerequisites named up front, as .ci/wasm.sh does, so that a missing
// package is not reported as a compiler error.
const packages = 'clang-14 lld-14 llvm-14 wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 ' +
  'libclang-rt-14-dev-wasm32 cmake ninja-build';
for (const tool of ['cmake', 'ninja', 'clang++-14', 'wasm-ld-14', 'llvm-ar-14']) {
  const r = spawnSync(tool, ['--version'], { stdio: 'ignore' });
  if (r.error) fail(`${tool} is missing; on Debian: apt-get install ${packages}`);
}
for (const file of ['/usr/lib/wasm32-wasi/libc.a', '/usr/lib/wasm32-wasi/libc++.a',
  '/usr/lib/wasm32-wasi/libc++abi.a', '/usr/lib/wasm32-wasi/crt1-reactor.o']) {
  if (!existsSync(file)) fail(`${file} is missing; on Debian: apt-get install ${packages}`);
}

const started = process.hrtime.bigint();
const configure = [
  '-S', join(jsDir, 'wasm'), '-B', buildDir, '-G', 'Ninja',
  `-DCMAKE_TOOLCHAIN_FILE=${join(repo, 'cmake', 'toolchains', 'wasm32-wasi.cmake')}`,
  '-DCMAKE_BUILD_TYPE=Release', `-DPUNY_SOURCE_DIR=${repo}`, '-DPUNY_WERROR=ON',
  `-DPUNY_JS_STRIP_ALL=${keepNames ? 'OFF' : 'ON'}`, `-DPUNY_JS_SIMD=${simd ? 'ON' : 'OFF'}`,
];
if (optimizeSize) configure.push('-DCMAKE_CXX_FLAGS_RELEASE=-Os -DNDEBUG');
if (process.env.CMAKE_CXX_COMPILER_LAUNCHER) {
  configure.push(`-DCMAKE_CXX_COMPILER_LAUNCHER=${process.env.CMAKE_CXX_COMPILER_LAUNCHER}`);
}
run('cmake', configure);
run('cmake', ['--build', buildDir, '-j', String(jobs)]);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const built = join(buildDir, 'puny.wasm');
if (!existsSync(built)) fail(`${built} was not built`);
const dist = join(jsDir, 'dist');
mkdirSync(dist, { recursive: true });
const target = join(dist, 'puny.wasm');
copyFileSync(built, target);

const bytes = readFileSync(target);
let module;
try {
  module = new WebAssembly.Module(bytes);
} catch (e) {
  fail(`${target} does not compile: ${e.message}`);
}
// No imports: no WASI shim in any host (js/wasm/puny_js.cpp's getenv).
const imports = WebAssembly.Module.imports(module);
if (imports.length !== 0) {
  fail(`${target} imports ${imports.map((i) => `${i.module}.${i.name}`).join(', ')}; it must import nothing`);
}
const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
for (const name of ['memory', '_initialize', 'pj_alloc', 'pj_free', 'pj_layout', 'pj_to_ascii16',
  'pj_to_unicode16', 'pj_to_ascii16_batch', 'pj_to_unicode16_batch', 'pj_check16', 'pj_script',
  'puny_display', 'puny_encode_utf32', 'puny_decode_utf32']) {
  if (!exported.has(name)) fail(`${target} does not export ${name} (js/wasm/ABI.md)`);
}
const gz = gzipSync(bytes, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
console.log(`build: ${target}: ${bytes.length} bytes (${kb(bytes.length)} KiB), gzip -9 ${gz} bytes ` +
  `(${kb(gz)} KiB); ${exported.size} exports, no imports; built in ${seconds.toFixed(1)} s`);
