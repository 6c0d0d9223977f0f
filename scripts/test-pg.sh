#!/usr/bin/env bash
# The server test suite against PostgreSQL (`npm run test:pg`). Uses DATABASE_URL, else the local test database.
# When PostgreSQL cannot be reached it says so and succeeds, so the suite passes with SQLite alone.
#   PG_JSON=<file>  also write Jest's JSON result there (used by test-all.sh for its summary)
set -uo pipefail
cd "$(dirname "$0")/.."

export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
shown=$(node -e 'const u = new URL(process.argv[1]); u.password = u.password ? "***" : ""; console.log(u.toString())' "$DATABASE_URL")

# Reachability: one real connection and `select 1`, 5 s at most.
if ! node -e '
  const { Client } = require("pg");
  const c = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
  c.connect().then(() => c.query("select 1")).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });
' 2>/tmp/kelasku-pg-check.$$; then
  echo "skipped: no PostgreSQL at $shown ($(head -c 200 /tmp/kelasku-pg-check.$$))"
  rm -f /tmp/kelasku-pg-check.$$
  exit 0
fi
rm -f /tmp/kelasku-pg-check.$$

echo "server tests on PostgreSQL at $shown"
# Two workers (Jest would take cores − 1): each file has its own schema, and a worker often waits on PostgreSQL.
args=(--ci --maxWorkers=2 --selectProjects server)
[[ -n ${PG_JSON:-} ]] && args+=(--json --outputFile="$PG_JSON")
exec npx jest "${args[@]}"
