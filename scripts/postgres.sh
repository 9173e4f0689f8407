#!/usr/bin/env bash
# Start a throwaway PostgreSQL on loopback for the persistence tests (../shared/recipes.md); print its URL.
# Installs Debian's postgresql package when it is missing (as root, unless TABLERO_INSTALL=0). Root may not
# run PostgreSQL itself, so as root the cluster belongs to the postgres user; anyone else runs their own.
set -euo pipefail
PGROOT=${TABLERO_PG_ROOT:-/usr/lib/postgresql}  # where Debian puts its PostgreSQL versions
if ! ls "$PGROOT"/*/bin/initdb >/dev/null 2>&1; then
  [ "${TABLERO_INSTALL:-1}" = 1 ] && [ "$(id -u)" = 0 ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >/dev/null 2>&1
fi
PGBIN=$(ls -d "$PGROOT"/*/bin | tail -1)
D=$(mktemp -d)
echo pgpass > "$D/pw"
as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$D" "$D/pw"
  as=(runuser -u postgres --)
fi
"${as[@]}" "$PGBIN/initdb" -D "$D/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
  --pwfile="$D/pw" >/dev/null
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${as[@]}" "$PGBIN/pg_ctl" -D "$D/data" -l "$D/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $D" \
  start >/dev/null
echo "postgresql+psycopg://postgres:pgpass@127.0.0.1:$PORT/postgres"
