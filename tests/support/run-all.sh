#!/usr/bin/env bash
# `npm test`: everything, in order, failing fast. Works in a fresh clone (installs npm packages,
# Chromium and PostgreSQL when missing) and ends with one summary line: "N passed, 0 failed".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export SOLIS_REPORT_DIR="${SOLIS_REPORT_DIR:-$PWD/.tmp/test-reports}"
rm -rf "$SOLIS_REPORT_DIR"
mkdir -p "$SOLIS_REPORT_DIR"

run_started=$SECONDS
current_stage=''
timings=()

banner() { printf '\n==================== %s ====================\n' "$*"; }

on_exit() {
  local status=$?
  if ((status != 0)) && [ -n "$current_stage" ]; then
    banner "FAILED: $current_stage (exit $status)"
    [ "$current_stage" = summary ] || summary "$current_stage" || true
    echo "npm test: stage '$current_stage' failed; later stages did not run." >&2
  fi
}
trap on_exit EXIT

stage() {
  local name=$1
  shift
  current_stage=$name
  banner "$name"
  local started=$SECONDS
  "$@"
  timings+=("$(printf '%-14s %4ss' "$name" $((SECONDS - started)))")
  current_stage=''
}

# Counts tests from the reporters' JSON (vitest, playwright); prints "N passed, M failed".
summary() {
  node - "$SOLIS_REPORT_DIR" "${1:-}" <<'NODE'
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const failedStage = process.argv[3];
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};
let passed = 0, failed = 0, skipped = 0;
const lines = [];
const vitest = read('vitest.json');
if (vitest) {
  const p = vitest.numPassedTests ?? 0;
  const f = (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites ?? 0);
  const s = (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  passed += p; failed += f; skipped += s;
  lines.push(`vitest:     ${p} passed, ${f} failed, ${s} skipped`);
}
const pw = read('playwright.json');
if (pw) {
  const st = pw.stats ?? {};
  const p = (st.expected ?? 0);
  const f = (st.unexpected ?? 0) + (st.flaky ?? 0) + (pw.errors?.length ?? 0);
  const s = st.skipped ?? 0;
  passed += p; failed += f; skipped += s;
  lines.push(`playwright: ${p} passed, ${f} failed, ${s} skipped`);
}
console.log(lines.join('\n'));
if (skipped > 0) console.log(`${skipped} skipped (conventions.md: no skipped tests on main; counted as failed)`);
let total = failed + skipped;
// A stage that fails without failing a counted test (typecheck, lint, build, a crash) is one failure.
if (failedStage && total === 0) {
  total = 1;
  console.log(`stage "${failedStage}" failed`);
}
console.log(`${passed} passed, ${total} failed`);
process.exitCode = total > 0 ? 1 : 0;
NODE
}

# Typecheck and lint need nothing from each other, so they run at once (each mostly waits on its
# own parse). Each writes its own log, printed prefixed afterwards: interleaved output is unreadable.
typecheck_and_lint() {
  local dir="$SOLIS_REPORT_DIR/static" name failed=() pids=()
  mkdir -p "$dir"
  for name in typecheck lint; do
    (
      started=$SECONDS
      status=0
      npm run --silent "$name" >"$dir/$name.log" 2>&1 || status=$?
      echo "$((SECONDS - started))" >"$dir/$name.seconds"
      exit "$status"
    ) &
    pids+=($!)
  done
  local index=0
  for name in typecheck lint; do
    wait "${pids[$index]}" || failed+=("$name")
    index=$((index + 1))
  done
  for name in typecheck lint; do
    local result=passed
    [[ " ${failed[*]-} " == *" $name "* ]] && result=FAILED
    printf '[%s] %s in %ss\n' "$name" "$result" "$(cat "$dir/$name.seconds")"
    sed "s/^/[$name] /" "$dir/$name.log"
  done
  if ((${#failed[@]} > 0)); then
    # Names which failed in the FAILED banner and the summary.
    local which=${failed[0]}
    ((${#failed[@]} == 1)) || which='typecheck and lint'
    current_stage="typecheck+lint ($which failed)"
    return 1
  fi
}

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  stage 'npm ci' npm ci --no-audit --no-fund
fi
stage 'system deps' bash tests/support/ensure-system-deps.sh
stage 'typecheck+lint' typecheck_and_lint
stage 'build' npm run --silent build
stage 'vitest' npx vitest run --reporter=default --reporter=json --outputFile.json="$SOLIS_REPORT_DIR/vitest.json"
stage 'browser e2e' npx playwright test -c e2e/playwright.config.ts
# Issue 26 item 7: every part of `npm run bench` once, with tiny durations (decision 198).
stage 'bench smoke' npm run --silent bench:smoke

banner 'summary'
printf '%s\n' "${timings[@]}"
printf '%-14s %4ss\n' 'total' $((SECONDS - run_started))
current_stage='summary'
summary
current_stage=''
