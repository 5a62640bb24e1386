#!/usr/bin/env bash
# A local Citus cluster for the opt-in Citus suite (docs/operations.md, "Scale-out on Citus"): a
# coordinator and two workers, three PostgreSQL clusters on this machine, each on its own port.
# Needs Citus built and installed into Debian's PostgreSQL (the steps are in docs/operations.md).
#
#   scripts/citus-cluster.sh start [DIR]   # initdb (first time) and start; prints TEST_CITUS_URL
#   scripts/citus-cluster.sh stop [DIR]
set -euo pipefail
action="${1:-start}"
dir="${2:-/tmp/quire-citus}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
ports=(9700 9701 9702)
names=(coordinator worker1 worker2)
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)

pg() { "${as_pg[@]}" "$bin/$1" "${@:2}"; }
sql() { "${as_pg[@]}" psql -X -q -h 127.0.0.1 -p "$1" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$2"; }

if [ "$action" = stop ]; then
  for name in "${names[@]}"; do
    [ -d "$dir/$name" ] && pg pg_ctl -D "$dir/$name" -m fast stop || true
  done
  exit 0
fi

mkdir -p "$dir"
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
fresh=0
for i in 0 1 2; do
  name="${names[$i]}"
  if [ ! -d "$dir/$name" ]; then
    fresh=1
    pg initdb -D "$dir/$name" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
    cat >>"$dir/$name/postgresql.conf" <<CONF
shared_preload_libraries = 'citus'
port = ${ports[$i]}
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
CONF
  fi
  pg pg_ctl -D "$dir/$name" -l "$dir/$name.log" -w start >/dev/null
done
if [ "$fresh" = 1 ]; then
  for port in "${ports[@]}"; do sql "$port" 'CREATE EXTENSION citus'; done
  sql 9700 "SELECT citus_set_coordinator_host('127.0.0.1', 9700)"
  sql 9700 "SELECT citus_add_node('127.0.0.1', 9701)"
  sql 9700 "SELECT citus_add_node('127.0.0.1', 9702)"
fi
echo "TEST_CITUS_URL=postgres://postgres@127.0.0.1:9700/postgres"
