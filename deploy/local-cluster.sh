#!/usr/bin/env bash
# deploy/local-cluster.sh N — the site as several servers behind nginx, on this machine (issue 25):
# a PostgreSQL server of its own (port 5499, data in .cluster-data/), N app servers on ports 3101…, one process
# each, and nginx on port 8088 in front of them (deploy/nginx.conf.template). Ctrl-C stops them all.
# Needs Debian's postgresql (its initdb and pg_ctl) and nginx. PG_PORT, NGINX_PORT, APP_PORT (the first app server's)
# and CLUSTER_DATA change where they listen and keep their data; SKIP_BUILD=1 serves the build already there (tests/e2e/cluster.spec.ts does).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

N=${1:-2}
if ! [[ $N =~ ^[1-9][0-9]?$ ]]; then echo "usage: deploy/local-cluster.sh N   (1 to 99 app servers)" >&2; exit 2; fi
PG_PORT=${PG_PORT:-5499}
NGINX_PORT=${NGINX_PORT:-8088}
APP_PORT=${APP_PORT:-3101}
DATA=${CLUSTER_DATA:-$ROOT/.cluster-data}
TSX=$ROOT/node_modules/.bin/tsx
[ -x "$TSX" ] || TSX=$(cd "$ROOT" && node -p "require('path').resolve(require.resolve('tsx/package.json'), '../../.bin/tsx')")
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL's initdb not found (apt-get install postgresql)" >&2; exit 1; }
command -v nginx >/dev/null || { echo "nginx not found (apt-get install nginx)" >&2; exit 1; }

mkdir -p "$DATA/uploads" "$DATA/nginx/cache" "$DATA/logs"
# PostgreSQL refuses to run as root: as root, its files belong to, and it runs as, the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ ! -f "$DATA/pg/PG_VERSION" ]; then
  mkdir -p "$DATA/pg"
  [ "$(id -u)" = 0 ] && chown postgres: "$DATA/pg"
  # As root the data folder is the postgres user's, and every folder above it must let that user through.
  as_pg test -w "$DATA/pg" || {
    echo "the postgres user cannot reach $DATA/pg (a folder above it is closed to other users): set CLUSTER_DATA" >&2
    exit 1
  }
  as_pg "$PG_BIN/initdb" -D "$DATA/pg" -U postgres --auth=trust >"$DATA/logs/initdb.log"
fi
[ "$(id -u)" = 0 ] && chown postgres: "$DATA/logs"
PIDS=()
stop() {
  trap - INT TERM EXIT
  echo; echo "stopping…"
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  [ -f "$DATA/nginx/nginx.pid" ] && nginx -p "$DATA/nginx" -c "$DATA/nginx/nginx.conf" -s stop 2>/dev/null || true
  as_pg "$PG_BIN/pg_ctl" -D "$DATA/pg" -m fast stop >/dev/null 2>&1 || true
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT
as_pg "$PG_BIN/pg_ctl" -D "$DATA/pg" -l "$DATA/logs/postgresql.log" -w \
  -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=$((20 + N * 12))" start >/dev/null
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "select 1 from pg_database where datname = 'site'" | grep -q 1 ||
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "create database site"

export NODE_ENV=production
export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/site"
export UPLOADS_DIR="$DATA/uploads"
# The site's address through nginx, and each app server's own (to look at one server alone: the e2e test's
# editor publishes on one of them).
ALLOWED_HOSTS="localhost:$NGINX_PORT,127.0.0.1:$NGINX_PORT"
for i in $(seq 1 "$N"); do ALLOWED_HOSTS+=",127.0.0.1:$((APP_PORT - 1 + i))"; done
export ALLOWED_HOSTS
export TRUST_PROXY=loopback
export SITE_URL=${SITE_URL:-http://localhost:$NGINX_PORT}
export WEB_CONCURRENCY=1
# Once, before any server starts: several servers building or seeding at once would race.
[ "${SKIP_BUILD:-}" = 1 ] || "$(dirname "$TSX")/react-router" build >"$DATA/logs/build.log" 2>&1
"$TSX" scripts/seed.ts >"$DATA/logs/seed.log" 2>&1

UPSTREAMS=""
for i in $(seq 1 "$N"); do
  port=$((APP_PORT - 1 + i))
  PORT=$port HOST=127.0.0.1 setsid "$TSX" scripts/start.ts >"$DATA/logs/app-$port.log" 2>&1 &
  PIDS+=("$!")
  UPSTREAMS+="server 127.0.0.1:$port max_fails=3 fail_timeout=10s; "
done
for i in $(seq 1 "$N"); do
  port=$((APP_PORT - 1 + i))
  for _ in $(seq 1 120); do
    curl -fs -o /dev/null -H "Host: 127.0.0.1:$NGINX_PORT" "http://127.0.0.1:$port/robots.txt" && break
    sleep 0.5
  done
done

sed -e "s|@UPSTREAMS@|$UPSTREAMS|" -e "s|@LISTEN@|127.0.0.1:$NGINX_PORT|" -e "s|@SERVER_NAME@|localhost 127.0.0.1|" \
  -e "s|@ROOT@|$ROOT|g" -e "s|@UPLOADS@|$DATA/uploads|g" -e "s|@CACHE@|$DATA/nginx/cache|g" \
  deploy/nginx.conf.template >"$DATA/nginx/site.conf"
cat >"$DATA/nginx/nginx.conf" <<CONF
pid $DATA/nginx/nginx.pid;
error_log $DATA/logs/nginx-error.log;
worker_processes auto;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  # Which app server answered each request (\$upstream_addr): how a test sees the requests alternate.
  log_format upstream '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent upstream=\$upstream_addr cache=\$upstream_cache_status';
  access_log $DATA/logs/nginx-access.log upstream;
  client_body_temp_path $DATA/nginx/body;
  proxy_temp_path $DATA/nginx/proxy;
  fastcgi_temp_path $DATA/nginx/fastcgi;
  uwsgi_temp_path $DATA/nginx/uwsgi;
  scgi_temp_path $DATA/nginx/scgi;
  include $DATA/nginx/site.conf;
}
CONF
nginx -p "$DATA/nginx" -c "$DATA/nginx/nginx.conf"
echo "$N app servers on ports $APP_PORT…$((APP_PORT - 1 + N)) behind nginx: http://localhost:$NGINX_PORT/ (PostgreSQL on $PG_PORT; logs in $DATA/logs). Ctrl-C stops them all."
wait
