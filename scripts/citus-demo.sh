#!/usr/bin/env bash
# The demo on a Citus cluster with real processes (docs/operations.md, "Scale-out on Citus"): one
# `quire serve` and two `quire worker` processes on the coordinator. A marketer's message becomes
# a draft written by one of the workers, the draft is published, the hosted page shows the new
# headline, and the event stream announced each step. Prints what it checked; exits 1 on the first
# check that fails.
#
#   scripts/citus-cluster.sh start
#   scripts/citus-demo.sh [postgres://postgres@127.0.0.1:9700/postgres]
set -euo pipefail
cd "$(dirname "$0")/.."

url="${1:-postgres://postgres@127.0.0.1:9700/postgres}"
work="$(mktemp -d /tmp/quire-citus-demo-XXXX)"
port="${PORT:-3977}"
export DATABASE_URL="$url" DATA_DIR="$work" PORT="$port" HOST=127.0.0.1 WORKERS=0 LOG_LEVEL=warn
export PUBLIC_BASE_URL="http://127.0.0.1:$port"
base="http://127.0.0.1:$port"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
json() { node -e "const v=JSON.parse(require('fs').readFileSync(0,'utf8'));console.log($1)"; }

node bin/quire.mjs migrate >/dev/null
distributed=$(psql -X -qtA "$url" -c "select count(*) from pg_dist_partition where partmethod = 'h'")
reference=$(psql -X -qtA "$url" -c "select count(*) from pg_dist_partition where partmethod = 'n'")
colocations=$(psql -X -qtA "$url" -c "select count(distinct colocationid) from pg_dist_partition where partmethod = 'h'")
echo "tables distributed by tenant_id: $distributed (co-location groups: $colocations); reference tables: $reference"
[ "$colocations" = 1 ] || fail "the tenant tables are not co-located"

seed=$(node bin/quire.mjs seed demo --json 2>/dev/null)
key=$(echo "$seed" | json v.apiKey)
tenant=$(echo "$seed" | json v.tenantId)
page=$(echo "$seed" | json v.pageId)
audience=$(echo "$seed" | json v.audienceId)
public=$(echo "$seed" | json v.publicUrl)
echo "seeded tenant $tenant, page $page, audience $audience"

node bin/quire.mjs serve >"$work/serve.log" 2>&1 &
pids+=($!)
for i in 1 2; do
  LOG_LEVEL=info node bin/quire.mjs worker >"$work/worker$i.log" 2>&1 &
  pids+=($!)
done
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.2; done
curl -fs "$base/healthz" >/dev/null || fail "the server did not start: $(tail -5 "$work/serve.log")"
echo "1 server and 2 workers running (pids ${pids[*]})"

curl -sN -H "x-api-key: $key" "$base/v0/events" >"$work/events.txt" &
pids+=($!)
sleep 1

headline="Close your books in three days on Citus"
sent=$(curl -fs -X POST -H "x-api-key: $key" -H 'content-type: application/json' \
  -d "{\"message\":\"Change the headline to \\\"$headline\\\"\"}" \
  "$base/v0/pages/$page/audiences/$audience/messages")
version=$(echo "$sent" | json v.versionId)
started=$(date +%s%N)
echo "message sent: version $version queued"

status=""
for _ in $(seq 1 150); do
  status=$(psql -X -qtA "$url" -c "select status from audience_versions where id = '$version'")
  [ "$status" = draft ] && break
  sleep 0.2
done
[ "$status" = draft ] || fail "no draft after 30 s (status $status)"
echo "drafted in $(((($(date +%s%N) - started) / 1000000))) ms, by: $(grep -l "$version" "$work"/worker*.log 2>/dev/null | xargs -r -n1 basename | tr '\n' ' ')"

node bin/quire.mjs versions publish "$version" --tenant "$tenant" >/dev/null
html=$(curl -fs "$public")
echo "$html" | grep -q "$headline" || fail "the hosted page does not show the new headline"
echo "published; the hosted page shows \"$headline\""

for _ in $(seq 1 25); do grep -q "version.published" "$work/events.txt" && break; sleep 0.2; done
for type in version.queued version.drafted version.published; do
  grep -q "event: $type" "$work/events.txt" || fail "the event stream did not announce $type"
done
echo "the event stream announced version.queued, version.drafted and version.published"
echo "OK: the demo runs on Citus ($url)"
