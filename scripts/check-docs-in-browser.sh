#!/usr/bin/env bash
# Renders /docs in headless Chromium with every host but 127.0.0.1 unresolvable, saves a
# screenshot, and checks that every operation of /v0/openapi.json is on the rendered page.
#   bash scripts/check-docs-in-browser.sh [out.png]      (needs Debian's chromium)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.tmp/docs.png}"
mkdir -p "$(dirname "$out")"
data=$(mktemp -d)
npm run build --silent
DATA_DIR="$data" PORT=3390 LOG_LEVEL=warn node dist/quire.mjs serve &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 50); do curl -sf http://127.0.0.1:3390/healthz >/dev/null && break; sleep 0.2; done

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$data/chrome"
  --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")
chromium "${flags[@]}" --window-size=1280,1800 --screenshot="$out" http://127.0.0.1:3390/docs 2>/dev/null
dom=$(chromium "${flags[@]}" --dump-dom http://127.0.0.1:3390/docs 2>/dev/null)
missing=0
for id in $(curl -s http://127.0.0.1:3390/v0/openapi.json | node -e 'const d=JSON.parse(require("fs").readFileSync(0)); for (const p of Object.values(d.paths)) for (const o of Object.values(p)) console.log(o.operationId)'); do
  if ! grep -q "id=\"$id\"" <<<"$dom"; then echo "missing in the rendered page: $id"; missing=1; fi
done
count=$(grep -o '<article id=' <<<"$dom" | wc -l)
echo "rendered $count operations; screenshot: $out"
exit $missing
