#!/usr/bin/env bash
# Runs the test suite and ends with the plain line "N passed, M failed[, K skipped]"
# (CI reads that line, not deno's own summary), keeping deno's exit code.
#
# deno test has no per-test timeout, so a watchdog stands in for one: deno
# prints a line as each test ends, and when the output stands still for
# ZOT_TEST_STALL_S seconds (default 300, far above any single test) the run
# is stopped, naming the test that hung, instead of hanging CI. Tests bound
# their own waits too; this guard catches the wait nobody thought of.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
stall_s=${ZOT_TEST_STALL_S:-300}

# Job control puts the run in its own process group (pgid = its pid), so the
# watchdog, or an interrupt, can stop everything it started.
set -m
NO_COLOR=1 deno test -A --unstable-worker-options --permit-no-files "$@" >"$log" 2>&1 &
pid=$!
set +m
trap 'kill -TERM -- "-$pid" 2>/dev/null; rm -f "$log"; exit 130' INT TERM

# Copy the log to stdout as it grows (portable: no tail --pid, no GNU stat).
printed=0
flush() {
  local size
  size=$(wc -c <"$log" | tr -d ' ')
  if [ "$size" -gt "$printed" ]; then
    tail -c +"$((printed + 1))" "$log" | head -c "$((size - printed))"
    printed=$size
  fi
}

hung=""
still=0
while kill -0 "$pid" 2>/dev/null; do
  sleep 1
  before=$printed
  flush
  if [ "$printed" = "$before" ]; then still=$((still + 1)); else still=0; fi
  if [ "$still" -ge "$stall_s" ]; then
    hung=$(tail -n 1 "$log")
    kill -KILL -- "-$pid" 2>/dev/null
    break
  fi
done
{ wait "$pid"; } 2>/dev/null
rc=$?
flush

if [ -n "$hung" ]; then
  echo
  echo "error: no test finished for ${stall_s} s; the run was stopped. Still running: ${hung}"
  echo "(a test awaits something that never happens: bound the wait with within() from tests/helpers/wait.ts)"
  echo "0 passed, 1 failed"
  exit 1
fi

summary=$(grep -E '^(ok|FAILED) \| [0-9]+ passed' "$log" | tail -n 1)
if [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
  [ "$rc" -eq 0 ] && rc=1
  exit "$rc"
fi
passed=$(sed -E 's/.*\| ([0-9]+) passed.*/\1/' <<<"$summary")
failed=$(sed -E 's/.*\| ([0-9]+) failed.*/\1/' <<<"$summary")
ignored=$(grep -oE '[0-9]+ ignored' <<<"$summary" | grep -oE '[0-9]+' || echo 0)
# Skips are only for what cannot exist on this machine; each names its reason.
grep -E ' \.\.\. ignored' "$log" | sed -E 's/ \.\.\. ignored.*//; s/^/skipped: /'
echo "${passed} passed, ${failed} failed, ${ignored} skipped"
exit "$rc"
