#!/usr/bin/env bash
# TypeScript strict check of every package (the webpack builds transpile only, Jest's ts-jest too).
# The browser packages share their options and are checked as one program (tsconfig.web.json); shared-rules (no
# Node types), the server (no DOM types), e2e, bench and scripts each with their own tsconfig.json. Names every
# program that fails.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for config in tsconfig.web.json shared-rules/tsconfig.json server/tsconfig.json e2e/tsconfig.json bench/tsconfig.json \
              scripts/tsconfig.json; do
  [[ -f $config ]] || continue
  start=$SECONDS
  if node_modules/.bin/tsc -p "$config" --noEmit --pretty false; then
    echo "typecheck ok: ${config%/tsconfig.json} ($(( SECONDS - start )) s)"
  else
    echo "typecheck FAILED: ${config%/tsconfig.json}"
    failed+=("${config%/tsconfig.json}")
  fi
done
if (( ${#failed[@]} > 0 )); then
  echo "Type errors in: ${failed[*]}"
  exit 1
fi
