/**
 * The route table of a built app, read from Fastify itself (`app.printRoutes()`), so that tests iterate over every
 * route that really exists: a route added later without a rule entry makes the authorization and fuzz tests fail.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** `GET /api/v1/classes` */
export const routeKey = (r: RouteEntry): string => `${r.method} ${r.url}`;

// One line of the radix-tree print: indentation ("│   " or "    " per level), branch ("├── " / "└── "),
// the path segment, and optionally the methods served at exactly that path.
const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/** Every (method, url) pair the app serves, parsed from printRoutes and cross-checked with app.hasRoute. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: RouteEntry[] = [];
  for (const line of printed.split('\n')) {
    if (!line.trim()) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`routeTable: cannot parse route line "${line}"`);
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (!m[3]) continue;
    const url = stack.join('');
    for (const method of m[3].split(',').map((s) => s.trim())) {
      // (hasRoute does not find the CORS plugin's catch-all `*`, registered with app.options('*'))
      if (url !== '*' && !app.hasRoute({ method, url }))
        throw new Error(`routeTable: parsed ${method} ${url} but the app does not serve it`);
      out.push({ method, url });
    }
  }
  if (out.length === 0) throw new Error('routeTable: no routes found');
  return out.sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Routes under /api/v1 (the JSON API), without HEAD (Fastify's automatic copy of GET) and the CORS OPTIONS catch-all. */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return routeTable(app).filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
}
