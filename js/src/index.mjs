// puny-idna: the ES module entry point (Node >= 20, browsers, Deno, edge workers).
// Compiles puny.wasm with top-level await, then re-exports the API of core.mjs.
// Node reads the module with fs; everything else fetches it.  It is looked for
// next to this file (new URL('./puny.wasm', import.meta.url): the layout when
// this file is copied to dist/), then at ../dist/puny.wasm (this file in src/).
import { initAsync } from './core.mjs';

export * from './core.mjs';

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';
const places = [new URL('./puny.wasm', import.meta.url), new URL('../dist/puny.wasm', import.meta.url)];

async function compileFetched(url) {
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      const r = await fetch(url);
      if (!r.ok) return null;
      return await WebAssembly.compileStreaming(r);
    } catch {
      // A server that does not send application/wasm: fetch again and compile the bytes.
    }
  }
  const r = await fetch(url);
  if (!r.ok) return null;
  return WebAssembly.compile(await r.arrayBuffer());
}

async function loadModule() {
  if (isNode && places[0].protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    for (const url of places) {
      try {
        return await WebAssembly.compile(await readFile(url));
      } catch (e) {
        if (e?.code !== 'ENOENT') throw e;
      }
    }
    throw new Error(`puny: ${places[0].pathname} is missing: run "npm run build" in the package`);
  }
  for (const url of places) {
    const m = await compileFetched(url);
    if (m !== null) return m;
  }
  throw new Error(`puny: cannot load ${places[0]}`);
}

await initAsync(await loadModule());
