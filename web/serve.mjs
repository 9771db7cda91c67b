// Serves the inspector page on localhost: web/ at "/", the package's src/ and
// dist/ at "/js/src/" and "/js/dist/" (puny.wasm as application/wasm).
// Usage: node web/serve.mjs [port]   (default 8026; 0 picks a free port)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extname, join, normalize, sep } from 'node:path';

const WEB = fileURLToPath(new URL('./', import.meta.url));
const JS = fileURLToPath(new URL('../js/', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The file a URL path names, or null (outside the served trees). */
function resolvePath(pathname) {
  let p;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (p.includes('\0')) return null;
  let root, rest;
  if (p.startsWith('/js/src/') || p.startsWith('/js/dist/')) {
    const sub = p.startsWith('/js/src/') ? 'src' : 'dist';
    root = join(JS, sub);
    rest = p.slice(`/js/${sub}/`.length);
  } else if (p.startsWith('/js/') || p.startsWith('/test/') || p.startsWith('/node_modules/') ||
    p.startsWith('/package')) {
    return null;
  } else {
    root = WEB;
    rest = p.slice(1);
    if (rest === '' || rest.endsWith('/')) rest += 'index.html';
  }
  const file = normalize(join(root, rest));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return file;
}

export function makeServer({ log = false } = {}) {
  return createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const file = resolvePath(url.pathname);
    let body = null;
    if (file !== null && (req.method === 'GET' || req.method === 'HEAD')) {
      try {
        if ((await stat(file)).isFile()) body = await readFile(file);
      } catch {
        body = null;
      }
    }
    if (log) console.log(`${req.method} ${url.pathname} ${body === null ? 404 : 200}`);
    if (body === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** Listens on 127.0.0.1:port; resolves to {server, url}. */
export function serve(port = 8026, opts) {
  const server = makeServer(opts);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${server.address().port}/` });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.argv[2] === undefined ? 8026 : Number(process.argv[2]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node web/serve.mjs [port]');
    process.exit(2);
  }
  const { url } = await serve(port, { log: process.env.PUNY_SERVE_LOG === '1' });
  console.log(`puny IDN inspector: ${url}  (Ctrl-C stops)`);
}
