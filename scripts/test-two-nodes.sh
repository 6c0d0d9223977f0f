#!/usr/bin/env bash
# The server API suite through two nodes (`npm run test:two-nodes`): every test app is two independent app instances on
# one PostgreSQL schema (created and dropped per test file by server/test/helpers.ts) sharing the login rate limit
# through Redis, and requests alternate between them (TWO_NODES=1). Only test files that build a test app run; pure
# unit tests would not see the second node. Uses DATABASE_URL (else the local test database) and REDIS_URL (else
# redis://127.0.0.1:6379). When PostgreSQL or Redis cannot be reached it says so and succeeds.
#   TWO_NODES_JSON=<file>  also write Jest's JSON result there (used by test-all.sh for its summary)
set -uo pipefail
cd "$(dirname "$0")/.."

export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export TWO_NODES=1
hide() { node -e 'const u = new URL(process.argv[1]); u.password = u.password ? "***" : ""; console.log(u.toString())' "$1"; }
check=/tmp/kelasku-two-nodes-check.$$
trap 'rm -f "$check"' EXIT

# Reachability: one real PostgreSQL connection and `select 1`, one Redis PING; 5 s at most each.
if ! node -e '
  const { Client } = require("pg");
  const c = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
  c.connect().then(() => c.query("select 1")).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });
' 2>"$check"; then
  echo "skipped: no PostgreSQL at $(hide "$DATABASE_URL") ($(head -c 200 "$check"))"
  exit 0
fi
if ! node -e '
  const { Redis } = require("ioredis");
  const r = new Redis(process.env.REDIS_URL, { connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  r.on("error", () => {});
  r.connect().then(() => r.ping()).then(() => r.quit(), (e) => { console.error(e.message); process.exit(1); });
' 2>"$check"; then
  echo "skipped: no Redis at $(hide "$REDIS_URL") (two nodes share the login rate limit through it) ($(head -c 200 "$check"))"
  exit 0
fi

mapfile -t files < <(grep -rl --include='*.test.ts' 'buildTestApp' server/src server/test | sort)
echo "server API tests through two nodes on PostgreSQL at $(hide "$DATABASE_URL"), Redis at $(hide "$REDIS_URL") (${#files[@]} files)"
# Two workers (Jest would take cores − 1): each file has its own schema, its own Redis prefix, and a worker often waits on PostgreSQL.
args=(--ci --maxWorkers=2 --selectProjects server)
[[ -n ${TWO_NODES_JSON:-} ]] && args+=(--json --outputFile="$TWO_NODES_JSON")
npx jest "${args[@]}" -- "${files[@]}"
