#!/usr/bin/env bash
# Renders /docs in headless Chromium with every host but 127.0.0.1 unresolvable, saves a
# screenshot, and checks that every operation of /v0/openapi.json is on the rendered page, that
# nothing is requested from another host and that the curl examples use the page's address.
#   bash scripts/check-docs-in-browser.sh [out.png]      (needs Debian's chromium, or CHROMIUM=path)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.tmp/docs.png}"
data=$(mktemp -d)
npm run build --silent
DATA_DIR="$data" PORT=3390 LOG_LEVEL=warn node dist/quire.mjs serve &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 50); do curl -sf http://127.0.0.1:3390/healthz >/dev/null && break; sleep 0.2; done
node --import tsx scripts/docs-in-browser.ts http://127.0.0.1:3390 "$out"
