#!/usr/bin/env bash
# Runs the test suite and ends with the plain line "N passed, M failed[, K skipped]"
# (CI reads that line, not deno's own summary), keeping deno's exit code.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
NO_COLOR=1 deno test -A --unstable-worker-options --permit-no-files "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
summary=$(grep -E '^(ok|FAILED) \| [0-9]+ passed' "$log" | tail -n 1)
if [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
  [ "$rc" -eq 0 ] && rc=1
  exit "$rc"
fi
passed=$(sed -E 's/.*\| ([0-9]+) passed.*/\1/' <<<"$summary")
failed=$(sed -E 's/.*\| ([0-9]+) failed.*/\1/' <<<"$summary")
ignored=$(grep -oE '[0-9]+ ignored' <<<"$summary" | grep -oE '[0-9]+' || echo 0)
echo "${passed} passed, ${failed} failed, ${ignored} skipped"
exit "$rc"
