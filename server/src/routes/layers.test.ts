/**
 * The layers of a route folder: routes validate (TypeBox schemas), ask the policy, call a repository
 * (domain/repo/*) and shape the reply. A finished folder runs no SQL itself and reads its request through the typed
 * schemas, never through casts, and every route describes its reply (a response schema: fast serializing, and the
 * OpenAPI document shows it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp } from '../../test/helpers';

/** Every route folder: all of them are in layers, and a new one is checked from its first commit. */
const FOLDERS = fs
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// static serves the web apps' files outside /api/v1 (hidden from the OpenAPI document): no reply to describe there.

/** The first URL segments (/api/v1/<segment>) of folders not named after their one segment. */
const URL_SEGMENTS: Record<string, string[]> = {
  assessments: ['exercises', 'exams'],
  'answer-sheets': ['exercises-answers', 'exams-answers'],
};
const finishedSegments = new Set(FOLDERS.flatMap((folder) => URL_SEGMENTS[folder] ?? [folder]));

/** What a finished route file must not contain, and why. */
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [
    /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/,
    'builds a query (belongs in domain/repo)',
  ],
  [/\bsql`/, 'writes raw SQL (belongs in domain/repo)'],
  [/\bpreparedRead\(/, 'runs a prepared statement (belongs in domain/repo)'],
  [/\.transaction\(\)/, 'opens a transaction (a repository function owns it)'],
  [/\bKysely<any>|\bloose\(/, 'uses an untyped database view'],
  [/request\.(body|query|params)\s+as\b/, 'casts the request instead of typing it with a schema'],
  [/^import (?!type )[^']*'(\.\.\/)+db\/(connect|prepared)'/, 'reaches the database itself (only repositories do)'],
];

/** Every .ts file of a route folder (its tests too when asked), as [relative path, text]. */
function routeFiles(folder: string, { tests = false } = {}): Array<[string, string]> {
  const dir = path.join(__dirname, folder);
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && (tests || !f.endsWith('.test.ts')))
    .map((f) => [path.join(folder, f), fs.readFileSync(path.join(dir, f), 'utf8')]);
}

/** `file:line what` for every forbidden pattern in the text. */
export function layerViolations(file: string, text: string, forbidden = FORBIDDEN): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [pattern, why] of forbidden)
      if (pattern.test(line)) found.push(`${file}:${i + 1} ${why}: ${line.trim()}`);
  });
  return found;
}

describe('route folders moved to the repository layer', () => {
  it.each(FOLDERS)('%s runs no SQL and casts no request', (folder) => {
    const files = routeFiles(folder);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(([file, text]) => layerViolations(file, text))).toEqual([]);
  });

  it('the modules route folders share (routes/*.ts) run no SQL and cast no request either', () => {
    const shared = fs.readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(shared).toEqual(expect.arrayContaining(['forum-routes.ts', 'helpers.ts']));
    // read-schemas.ts has its own `loose(...)`: a TypeBox object that keeps unlisted fields, not a database view.
    const sqlAndCasts = FORBIDDEN.filter(([pattern]) => !pattern.source.includes('loose'));
    expect(
      shared.flatMap((f) => layerViolations(f, fs.readFileSync(path.join(__dirname, f), 'utf8'), sqlAndCasts)),
    ).toEqual([]);
  });

  it('finds each forbidden pattern (so an empty list above means something)', () => {
    const bad = [
      "const r = await db.selectFrom('classes').selectAll().execute();",
      'await trx.deleteFrom("reports").execute();',
      'const n = sql`select 1`;',
      'await app.db.transaction().execute(async (trx) => {});',
      'const body = request.body as ClassBody;',
      'const { id } = request.query as IdQuery;',
      "import { preparedRead } from '../../db/prepared';",
    ];
    for (const line of bad) expect(layerViolations('x.ts', line)).toHaveLength(1);
    expect(layerViolations('x.ts', 'const rows = await listClasses(app.db, request.query);')).toEqual([]);
    expect(layerViolations('x.ts', "import type { Db } from '../../db/connect';")).toEqual([]);
  });
});

/**
 * `file:line` for every import of a route folder's file that reaches into another route folder (`../<b>/...` from
 * routes/<a>/): what two folders share lives in a module at the top of routes/ (helpers.ts, read-schemas.ts,
 * forum-routes.ts), so a folder can be read, moved or removed alone.
 */
export function crossFolderImports(file: string, text: string): string[] {
  const folder = file.split(/[\\/]/)[0];
  const from = path.posix.dirname(file.split(path.sep).join('/'));
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.posix.normalize(path.posix.join(from, m[1]));
      // Inside routes/: "<folder>/..." is a route folder's file, "helpers" a shared module; "../x" leaves routes/.
      const targetFolder = target.includes('/') && !target.startsWith('../') ? target.split('/')[0] : undefined;
      if (targetFolder && targetFolder !== folder) found.push(`${file}:${i + 1} imports ${m[1]}`);
    }
  });
  return found;
}

describe('route folders stand alone', () => {
  it.each(FOLDERS)('%s imports no other route folder', (folder) => {
    expect(routeFiles(folder, { tests: true }).flatMap(([file, text]) => crossFolderImports(file, text))).toEqual([]);
  });

  it('finds an import of another folder (so an empty list above means something)', () => {
    expect(crossFolderImports('materials/index.ts', "import { a } from '../discussions-material/index';")).toHaveLength(
      1,
    );
    expect(
      crossFolderImports('discussions-material/index.ts', "import { b } from '../discussions/forum-routes';"),
    ).toHaveLength(1);
    expect(crossFolderImports('static/spa.test.ts', "const m = await import('../health/index');")).toHaveLength(1);
    expect(crossFolderImports('answer-sheets/sheet/x.ts', "import { c } from '../../assessments/x';")).toHaveLength(1);
    for (const ok of [
      "import { idSchema } from '../helpers';",
      "import { registerReplyRoute } from '../forum-routes';",
      "import { listClasses } from '../../domain/repo/classes';",
      "import { buildTestApp } from '../../../test/helpers';",
      "import { x } from './schemas';",
      "import { y } from '../sheet-routes';",
    ])
      expect(
        crossFolderImports(ok.includes('sheet-routes') ? 'answer-sheets/sub/x.ts' : 'materials/index.ts', ok),
      ).toEqual([]);
  });
});

describe('repositories are typed', () => {
  it('no repository (domain/repo) queries through an untyped database view or a double cast', () => {
    const untyped = /\bKysely<any>|\bloose\(|\bas unknown as\b/;
    const dir = path.join(__dirname, '../domain/repo');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (untyped.test(line) ? [`${f}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
    for (const line of ['type LooseDb = Kysely<any>;', 'await loose(db).selectFrom(spec.table)', 'db as unknown as Db'])
      expect(line).toMatch(untyped);
  });
});

/** What domain code (server/src/domain, repositories included) must not import: it knows no HTTP and no browser. */
const DOMAIN_IMPORTS: ReadonlyArray<[RegExp, string]> = [
  [
    /(?:from\s*|import\s*\(\s*|require\(\s*)['"][^'"]*\/plugins\/[^'"]*['"]/,
    'imports a Fastify plugin (throw a domain error from domain/errors.ts: the error plugin maps it to HTTP)',
  ],
  [
    /['"]@kelasku\/shared-api(?:\/[^'"]*)?['"]/,
    "imports the browser client (take the wire types from shared-rules' schemas)",
  ],
];

/** `file:line why` for every import domain code must not have. */
export function domainImportViolations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [pattern, why] of DOMAIN_IMPORTS)
      if (pattern.test(line)) found.push(`${file}:${i + 1} ${why}: ${line.trim()}`);
  });
  return found;
}

describe('domain code is free of HTTP and of the browser client', () => {
  it('no file of server/src/domain imports plugins/ or @kelasku/shared-api', () => {
    const dir = path.join(__dirname, '../domain');
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((f) => domainImportViolations(f, fs.readFileSync(path.join(dir, f), 'utf8')))).toEqual([]);
  });

  it('domain code outside the repositories (domain/repo) runs no SQL', () => {
    const dir = path.join(__dirname, '../domain');
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`repo${path.sep}`));
    expect(files.length).toBeGreaterThan(10);
    const sqlPatterns = FORBIDDEN.slice(0, 3).map(([pattern]) => pattern);
    const found = files.flatMap((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (sqlPatterns.some((p) => p.test(line)) ? [`${f}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('finds each forbidden import (so an empty list above means something)', () => {
    const bad = [
      "import { badRequest } from '../plugins/errors';",
      "import { forbidden } from '../../plugins/errors';",
      "import type { AuthUser } from '../plugins/auth';",
      "type U = import('../plugins/auth').AuthUser;",
      "import type { ReviewItem } from '@kelasku/shared-api/src/types';",
      "import { api } from '@kelasku/shared-api';",
    ];
    for (const line of bad) expect(domainImportViolations('x.ts', line)).toHaveLength(1);
    for (const line of [
      "import { invalid } from './errors';",
      "import type { reviewItemSchema } from '@kelasku/shared-rules/src/wire/review';",
    ]) {
      expect(domainImportViolations('x.ts', line)).toEqual([]);
    }
  });
});

describe('finished folders describe their replies', () => {
  it('every route of a finished folder has a 200 response schema (or a documented empty 204) in the OpenAPI document', async () => {
    const docs = await buildTestApp({ empty: true, app: { apiDocs: true } });
    try {
      const spec = (await docs.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
      }>();
      const undescribed: string[] = [];
      let described = 0;
      for (const [url, methods] of Object.entries(spec.paths)) {
        // These folders' routes are /api/v1/<segment> and /api/v1/<segment>/...
        if (!finishedSegments.has(url.split('/')[3])) continue;
        for (const [method, operation] of Object.entries(methods)) {
          if (operation.responses?.['200']?.content || (operation.responses?.['204'] && !operation.responses['200']))
            described++;
          else undescribed.push(`${method.toUpperCase()} ${url}`);
        }
      }
      expect(undescribed).toEqual([]);
      expect(described).toBeGreaterThan(FOLDERS.length);
    } finally {
      await docs.close();
    }
  });
});
