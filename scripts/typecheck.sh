#!/usr/bin/env bash
# TypeScript strict check of every package (the webpack builds transpile only, Jest's ts-jest too).
# Runs each package's tsconfig.json (noEmit) and names every package that fails.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for config in shared-api/tsconfig.json shared-rules/tsconfig.json shared-ui/tsconfig.json shell/tsconfig.json admin-app/tsconfig.json \
              teacher-app/tsconfig.json student-app/tsconfig.json server/tsconfig.json e2e/tsconfig.json bench/tsconfig.json \
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
