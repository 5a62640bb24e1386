#!/usr/bin/env bash
# Disk-fault injection: runs Quire on SQLite with SQLITE_SYNCHRONOUS=full under strace, which makes
# the 20th to 40th fsync/fdatasync calls fail with EIO, sends 80 creates, and checks: failed writes
# answer 503 (never 500), acknowledged writes are all there and nothing else is, the database
# passes integrity_check, and writes succeed again once the fault clears. The creates go 8 at a
# time, so most commits are shared by a group of writes (group commit) and a failed COMMIT fails
# the whole group.
#   bash scripts/fsync-fault.sh          (needs strace and python3)
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
data=$(mktemp -d)
export DATA_DIR="$data" PORT=3512 RATE_LIMIT_PER_SECOND=0 LOG_LEVEL=warn SQLITE_SYNCHRONOUS=full
key=$(node bin/quire.mjs seed demo --json | node -pe 'JSON.parse(require("fs").readFileSync(0)).apiKey')
before=$(python3 -c "import sqlite3; print(sqlite3.connect('$data/quire.db').execute('select count(*) from persons').fetchone()[0])")
strace -f -qq -o /dev/null -e trace=fsync,fdatasync -e inject=fsync,fdatasync:error=EIO:when=20..40 \
  node dist/quire.mjs serve &
server=$!
stop() { pkill -TERM -P "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap 'stop; rm -rf "$data"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
declare -A seen
statuses=""
codes=$(mktemp -d)
pids=()
for i in $(seq 1 80); do
  curl -s -o /dev/null -w "%{http_code}" -X POST "http://127.0.0.1:$PORT/v0/persons" \
    -H "x-api-key: $key" -H 'content-type: application/json' -d "{\"name\":\"Fsync $i\"}" >"$codes/$i" &
  pids+=($!)
  if (( i % 8 == 0 )); then wait "${pids[@]}"; pids=(); fi
done
for i in $(seq 1 80); do
  code=$(cat "$codes/$i"); seen[$code]=$(( ${seen[$code]:-0} + 1 )); statuses+="$code "
done
rm -rf "$codes"
stop
echo "$statuses"
rows=$(python3 -c "import sqlite3; print(sqlite3.connect('$data/quire.db').execute(\"select count(*) from persons where name like 'Fsync %'\").fetchone()[0])")
integrity=$(python3 -c "import sqlite3; print(sqlite3.connect('$data/quire.db').execute('pragma integrity_check').fetchone()[0])")
echo "201: ${seen[201]:-0}  503: ${seen[503]:-0}  500: ${seen[500]:-0}  rows written: $rows  integrity: $integrity"
last=$(awk '{print $NF}' <<<"$statuses")
[ "${seen[500]:-0}" = 0 ] && [ "${seen[503]:-0}" -gt 0 ] && [ "$rows" = "${seen[201]:-0}" ] && [ "$integrity" = ok ] && [ "$last" = 201 ]
