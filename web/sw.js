// The inspector's service worker: caches the page, the package and puny.wasm
// on install, then serves them cache-first, so the page works offline once it
// has been loaded.  Bump VERSION when a cached file changes.
const VERSION = 'puny-inspector-v1';
const FILES = [
  './',
  './index.html',
  './app.mjs',
  './style.css',
  './default-protected.txt',
  './js/src/index.mjs',
  './js/src/core.mjs',
  './js/dist/puny.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== VERSION) await caches.delete(k);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    // The page's state lives in the fragment, never sent: "/" and "/?x" are the page.
    const hit = await cache.match(req, { ignoreSearch: req.mode === 'navigate' });
    if (hit) {
      // Refresh in the background so the next load has the newest files.
      event.waitUntil(fetch(req).then((r) => (r.ok ? cache.put(req, r) : undefined)).catch(() => {}));
      return hit;
    }
    try {
      return await fetch(req);
    } catch {
      // Offline and not cached (e.g. index.mjs probing ./puny.wasm next to itself):
      // a plain 504 lets the caller try its next place instead of failing.
      return new Response('offline\n', { status: 504, headers: { 'content-type': 'text/plain' } });
    }
  })());
});
