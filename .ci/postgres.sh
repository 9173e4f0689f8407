#!/usr/bin/env bash
# Start a throwaway PostgreSQL on loopback for the persistence tests (../shared/recipes.md); print its URL.
# Root may not run PostgreSQL itself, so the cluster belongs to the postgres user.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >/dev/null 2>&1
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
D=$(mktemp -d)
chown postgres: "$D" && echo pgpass > "$D/pw" && chown postgres "$D/pw"
runuser -u postgres -- "$PGBIN/initdb" -D "$D/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
  --pwfile="$D/pw" >/dev/null
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$D/data" -l "$D/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $D" start >/dev/null
echo "postgresql+psycopg://postgres:pgpass@127.0.0.1:$PORT/postgres"
