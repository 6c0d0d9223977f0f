#!/usr/bin/env bash
# The whole test suite (`npm test`): unit/API tests on SQLite, the server suite on PostgreSQL when one is
# reachable, the server API suite through two nodes (PostgreSQL + Redis), the production build, then the browser
# tests against it. Stops at the first failing step.
#
#   SKIP_TYPECHECK=1  skip the TypeScript check and lint (local runs only)
#   SKIP_BUILD=1  reuse the dist/ folders already there (local runs only)
#   SKIP_E2E=1    stop after the build
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS=$(mktemp -d "${TMPDIR:-/tmp}/kelasku-tests.XXXXXX")
trap 'rm -rf "$RESULTS"' EXIT
SUMMARY=()
START=$SECONDS

# Each step's name and how long it took, printed in the summary.
STEP_NAME=""
STEP_START=$SECONDS
STEP_TIMES=()
end_step() { [[ -n $STEP_NAME ]] && STEP_TIMES+=("$(printf '%5d s  %s' $(( SECONDS - STEP_START )) "$STEP_NAME")"); STEP_NAME=""; }
step() {
  end_step
  STEP_NAME=$*
  STEP_START=$SECONDS
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}

# "label: N passed, N failed, N skipped" from a Jest --json result file.
jest_counts() {
  node -e '
    const r = require(process.argv[1]);
    console.log(`${process.argv[2]}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  ' "$1" "$2" 2>/dev/null || echo "$2: 0 passed, 1 failed"
}

finish() {
  local code=$1
  end_step
  echo
  echo "Steps:"
  printf '%s\n' "${STEP_TIMES[@]}"
  echo "Summary ($(( SECONDS - START )) s):"
  local line passed=0 failed=0 skipped=0 p f k
  for line in "${SUMMARY[@]}"; do
    echo "$line"
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]; then
      p=${BASH_REMATCH[1]}; f=${BASH_REMATCH[2]}; k=${BASH_REMATCH[4]:-0}
      passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + k))
    fi
  done
  if [[ $code -ne 0 ]]; then echo "FAILED: $2"; (( failed == 0 )) && failed=1; fi
  echo "total: $passed passed, $failed failed, $skipped skipped"
  exit "$code"
}

# Runs a Jest command, records its counts, stops the suite if it failed.
run_jest() {
  local label=$1; shift
  local out="$RESULTS/$label.json"
  "$@" --json --outputFile="$out"
  local code=$?
  if [[ -f $out ]]; then SUMMARY+=("$(jest_counts "$out" "$label")"); else SUMMARY+=("$label: 0 passed, 1 failed"); fi
  if [[ $code -ne 0 ]]; then finish 1 "$label tests failed (exit $code); see the output above"; fi
}

if [[ ${SKIP_TYPECHECK:-0} != 1 ]]; then
  step "typecheck (tsc --noEmit: the browser packages as one program, then the others one by one)"
  if ! bash scripts/typecheck.sh; then finish 1 "type errors (scripts/typecheck.sh)"; fi
  step "lint (ESLint: typescript-eslint, rules of hooks, import boundaries; Prettier)"
  if ! npx eslint .; then finish 1 "lint errors (npm run lint)"; fi
  if ! npm run --silent format:check; then finish 1 "unformatted files (npm run format)"; fi
fi

step "unit and API tests (Jest, SQLite)"
run_jest unit npx jest --ci --maxWorkers=2

step "server tests on PostgreSQL"
PG_JSON="$RESULTS/postgres.json" bash scripts/test-pg.sh
pg_code=$?
if [[ $pg_code -eq 0 && -f $RESULTS/postgres.json ]]; then
  SUMMARY+=("$(jest_counts "$RESULTS/postgres.json" postgres)")
elif [[ $pg_code -ne 0 ]]; then
  [[ -f $RESULTS/postgres.json ]] && SUMMARY+=("$(jest_counts "$RESULTS/postgres.json" postgres)")
  finish 1 "server tests on PostgreSQL failed (exit $pg_code)"
fi

step "server API tests through two nodes (PostgreSQL + Redis)"
TWO_NODES_JSON="$RESULTS/two-nodes.json" bash scripts/test-two-nodes.sh
two_code=$?
[[ -f $RESULTS/two-nodes.json ]] && SUMMARY+=("$(jest_counts "$RESULTS/two-nodes.json" two-nodes)")
if [[ $two_code -ne 0 ]]; then finish 1 "server tests through two nodes failed (exit $two_code)"; fi

if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  step "production build (shell + three remotes)"
  if ! npm run build; then finish 1 "npm run build failed"; fi
else
  echo "SKIP_BUILD=1: using the existing dist/ folders"
fi

step "bundle budgets (bench/check-budgets.ts)"
if ! npm run check-budgets -w bench; then finish 1 "bundle budgets exceeded (bench/results/budgets.json)"; fi

if [[ ${SKIP_E2E:-0} == 1 ]]; then
  echo "SKIP_E2E=1: browser tests not run"
  finish 0
fi

step "browser tests (playwright-core + Chromium)"
if [[ ! -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]]; then
  finish 1 "no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium (or set CHROMIUM_PATH)"
fi
run_jest e2e npm test -w e2e --

finish 0
