#!/usr/bin/env bash
# JavaScript: the puny-idna npm package (js/) and the IDN inspector page (web/).
#   .ci/js.sh              everything below
#   .ci/js.sh --web-only   only step 2, with the js/dist/puny.wasm already built
# 1. js/: npm ci, npm run build (the library compiled with clang 14 for wasm32
#    into js/dist/puny.wasm, checked to have no imports), npm test (node --test:
#    IdnaTestV2, the corpora against the puny command, bad input, the drop-in
#    modules against the upstream punycode.js and tr46 suites).
# 2. web/: npm ci (playwright-core, pinned), then the browser test: Playwright
#    drives Debian's Chromium headless (/usr/bin/chromium) against
#    web/serve.mjs on 127.0.0.1, and leaves the screenshots in
#    build-js/artifacts/ (inspector.png, inspector-offline.png).
# Needs Node 20 or later, npm, chromium, and what .ci/wasm.sh needs (clang-14,
# wasi-libc, libc++-14-dev-wasm32, ...); .ci/run installs the Debian packages.
# Never runs `npx playwright install` (it downloads browsers; it fails here).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
artifacts="$root/build-js/artifacts"
web_only=false
case "${1:-}" in
  "") ;;
  --web-only) web_only=true ;;
  *) echo "usage: .ci/js.sh [--web-only]" >&2; exit 2 ;;
esac
export CI=${CI:-true}          # the tests skip nothing (corpora, Chromium) under CI=true
export PUNY_ARTIFACTS="$artifacts"

fail() {
  echo "js: FAILED: $*" >&2
  exit 1
}
seconds_since() {
  awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'
}

command -v node >/dev/null 2>&1 || fail "node is missing (Node 20 or later)"
command -v npm >/dev/null 2>&1 || fail "npm is missing"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || fail "node $(node --version) is too old: the package needs Node 20 or later"
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "$chromium is missing; install it with: apt-get install --no-install-recommends chromium"
export CHROMIUM="$chromium"
echo "js: node $(node --version), npm $(npm --version), $("$chromium" --version 2>/dev/null | head -n1)"

npm_install() { # a lock file: npm ci (exact versions); none yet: npm install (say so)
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund
  else
    echo "js: warning: $(basename "$PWD")/package-lock.json is missing; running npm install" >&2
    npm install --no-audit --no-fund
  fi
}

if ! $web_only; then
start=$(date +%s.%N)
(cd js && npm_install) || fail "npm ci in js/"
echo "js: npm ci in js/ took $(seconds_since "$start") s"

start=$(date +%s.%N)
(cd js && npm run build) || fail "npm run build in js/ (the wasm32 module)"
[ -f js/dist/puny.wasm ] || fail "js/dist/puny.wasm was not built"
echo "js: npm run build took $(seconds_since "$start") s; js/dist/puny.wasm is $(wc -c <js/dist/puny.wasm) bytes," \
  "$(node -e 'const z=require("zlib"),f=require("fs");console.log(z.gzipSync(f.readFileSync("js/dist/puny.wasm"),{level:9}).length)') gzipped"

start=$(date +%s.%N)
(cd js && npm test) || fail "npm test in js/"
echo "js: npm test took $(seconds_since "$start") s"
fi
[ -f js/dist/puny.wasm ] || fail "js/dist/puny.wasm is missing (cd js && npm run build)"

start=$(date +%s.%N)
(cd web && npm_install) || fail "npm ci in web/ (playwright-core)"
rm -f "$artifacts/inspector.png" "$artifacts/inspector-offline.png"
mkdir -p "$artifacts"
(cd web && npm test) || fail "the browser test (web/test/browser.test.mjs)"
[ -f "$artifacts/inspector.png" ] || fail "the browser test left no screenshot at $artifacts/inspector.png"
echo "js: browser test took $(seconds_since "$start") s"
echo "js: screenshot: $artifacts/inspector.png"
echo "js: screenshot (offline, service worker): $artifacts/inspector-offline.png"
echo "js: OK"
