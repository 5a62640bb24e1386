#!/usr/bin/env bash
# Runs sqlmap (Debian package) against every path and query parameter of the /v0 GET operations
# and the JSON bodies of the POST operations of a running Quire, with a demo tenant's key.
#   bash scripts/sqlmap-scan.sh http://127.0.0.1:3000 seed.json   (seed.json: `quire seed demo --json`)
# Prints one line per target and exits non-zero if sqlmap reports an injectable parameter.
set -uo pipefail
base="$1"; seed="$2"
get() { node -e "console.log(JSON.parse(require('fs').readFileSync('$seed'))['$1'])"; }
key=$(get apiKey); person=$(get personId); account=$(get accountId); log=$(get accountLogId)
page=$(get pageId); audience=$(get audienceId); topic=$(get topicId)
out=$(mktemp -d)
targets=(
  "GET|/v0/persons/${person}*"
  "GET|/v0/persons?limit=5&cursor=abc"
  "GET|/v0/accounts?limit=5&includeEmptyOnly=true&cursor=abc"
  "GET|/v0/accounts/${account}*/activity?limit=5&includePersonActivity=true&includeDeleted=false"
  "GET|/v0/accounts/${account}/logs/${log}*"
  "GET|/v0/assets/search?query=harbour&assetType=image&limit=5"
  "GET|/v0/topics/${topic}*/entries?limit=5"
  "GET|/v0/pages/${page}*"
  "GET|/v0/pages/${page}/audiences/${audience}*/messages"
  "POST|/v0/persons|{\"name\":\"Scan Person\",\"email\":\"scan@example.com\",\"domain\":\"scan.example.com\"}"
  "POST|/v0/account_logs|{\"domain\":\"scan.example.com\",\"source\":\"scan\",\"type\":\"probe\",\"payload\":{\"a\":\"b\"},\"idempotencyKey\":\"scan-1\"}"
  "POST|/v0/assets|{\"assetType\":\"image\",\"name\":\"Scan\",\"purpose\":\"probe\",\"fileId\":\"file_scan\"}"
)
found=0
for target in "${targets[@]}"; do
  IFS='|' read -r method path body <<<"$target"
  args=(-u "$base$path" -H "x-api-key: $key" --batch --level=2 --risk=1 --flush-session --output-dir="$out"
    --timeout=10 --retries=1 --threads=4 --disable-coloring)
  [ -n "${body:-}" ] && args+=(--data "$body" -H "Content-Type: application/json")
  result=$(sqlmap "${args[@]}" 2>&1)
  tested=$(grep -cE "testing '" <<<"$result")
  if grep -qE "sqlmap identified the following injection point|is vulnerable" <<<"$result"; then
    echo "INJECTABLE: $method $path"; found=1
    grep -E "Parameter:|Type:|Title:" <<<"$result" | head -6
  elif [ "$tested" = 0 ] || ! grep -q "do not appear to be injectable" <<<"$result"; then
    echo "NOT TESTED: $method $path (sqlmap could not complete; is the server up?)"; found=1
  else
    echo "clean: $method $path ($tested techniques tried; all tested parameters do not appear to be injectable)"
  fi
done
rm -rf "$out"
exit $found
