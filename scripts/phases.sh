# Phase timings for the CI scripts (sourced by scripts/test-all and .ci/run): `phase NAME COMMAND...` runs
# the command and notes how long it took; the outermost script prints every phase in one table when it ends,
# passed or failed, so a slow or failing phase is seen at once (docs/testing.md keeps the table's history).
# The scripts call one another, so the phases go to one file named by TABLERO_PHASES.

if [ -z "${TABLERO_PHASES:-}" ]; then
  TABLERO_PHASES=$(mktemp)
  export TABLERO_PHASES
  _phases_started=$(date +%s)
  _phases_table() {
    local status=$?
    {
      echo
      printf '%-34s %8s\n' "phase" "seconds"
      while IFS='|' read -r name secs; do printf '%-34s %8s\n' "$name" "$secs"; done < "$TABLERO_PHASES"
      printf '%-34s %8s\n' "total" "$(( $(date +%s) - _phases_started ))"
    } >&2
    rm -f "$TABLERO_PHASES"
    exit "$status"
  }
  trap _phases_table EXIT
fi

phase() {  # phase NAME COMMAND...: run COMMAND; its time goes in the table, "(failed)" beside it if it failed
  local name=$1 started rc=0
  shift
  started=$(date +%s)
  "$@" || rc=$?
  [ "$rc" = 0 ] || name="$name (failed)"
  echo "$name|$(( $(date +%s) - started ))" >> "$TABLERO_PHASES"
  return "$rc"
}
