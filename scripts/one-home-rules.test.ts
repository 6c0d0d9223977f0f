import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// One rule in one place: each rule below has its home, and production code anywhere else builds on that home instead
// of writing the rule out again. Tests may state literal expectations (what the user sees), so they are not scanned;
// nor are comments, which may explain a rule in its own numbers.
const root = path.join(__dirname, '..');
const PACKAGES = [
  'shared-rules',
  'shared-api',
  'shared-ui',
  'admin-app',
  'teacher-app',
  'student-app',
  'shell',
  'server',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-dev', 'test', '__mocks__']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/^test-utils\./.test(name)) out.push(full);
  }
  return out;
}

/** A line without its comment: whole comment lines become empty, a trailing `// …` is cut. */
function codeOf(line: string): string {
  if (/^\s*(\*|\/\/|\/\*)/.test(line)) return '';
  return line.replace(/\s\/\/\s.*$/, '');
}

interface Rule {
  name: string;
  /** Files (relative to the repository) that hold the rule. */
  homes: string[];
  /** Where the rule is looked for; every package's src by default. */
  within?: string;
  pattern: RegExp;
  /** Spellings the pattern must find (so the check can fail), and code it must leave alone. */
  finds: string[];
  passes: string[];
}

const RULES: Rule[] = [
  {
    name: 'grades 10–12: STUDENT_GRADES, FIRST_GRADE, LAST_GRADE, ROMAN_GRADE (shared-rules/src/grades.ts)',
    homes: ['shared-rules/src/grades.ts'],
    pattern: new RegExp(
      [
        /\b10\s*,\s*11\s*,\s*12\b/.source, // a list
        /\b10\s*\|\s*11\s*\|\s*12\b/.source, // a union type
        /\bgrade\w*\??\s*(?:[<>]=?|[=!]==?|\?\?|=)\s*1[0-2]\b/.source, // a comparison or a default
        /\b1[0-2]\s*[<>]=?\s*[\w.]*grade/.source,
        /'grade'\s*,\s*'[<>=!]+'\s*,\s*1[0-2]\b/.source, // a query's bound
        /minimum:\s*10\b|maximum:\s*12\b/.source, // a schema's range
        /['"]XII['"]/.source, // the roman numerals
      ].join('|'),
      'i',
    ),
    finds: [
      'const GRADES = [10, 11, 12];',
      'type G = 10 | 11 | 12;',
      'if (grade >= 10 && grade <= 12)',
      "q.where('grade', '<', 12)",
      '({ grade = 10 }) =>',
      's.grade === 10',
      'Type.Integer({ minimum: 10, maximum: 12 })',
      "{ 10: 'X', 11: 'XI', 12: 'XII' }",
    ],
    passes: [
      'STUDENT_GRADES.map((grade) => grade)',
      'pageSlots(12, 10)',
      'const limit = 10;',
      "grade: Type.Enum([...STUDENT_GRADES], { type: 'integer' })",
    ],
  },
  {
    name: 'WIB is UTC+7: WIB_OFFSET_MS and WIB_OFFSET_TEXT (shared-rules/src/wib.ts)',
    homes: ['shared-rules/src/wib.ts'],
    pattern:
      /\+07:?00|Asia\/Jakarta|\b7\s*\*\s*60\s*\*\s*60\b|\b7\s*\*\s*3_?600\b|\b25_?200(_?000)?\b|['"]\+7 hours['"]/,
    finds: [
      'new Date(`${day}T00:00:00+07:00`)',
      "timeZone: 'Asia/Jakarta'",
      'const OFFSET = 7 * 60 * 60 * 1000;',
      "'+7 hours'",
    ],
    passes: ['`${date}T${time}:00${WIB_OFFSET_TEXT}`', 'const ms = 60 * 60 * 1000;'],
  },
  {
    name: 'calendar months: wibMonthOf, addWibMonths, lastWibMonths, wibMonthStart, parseWibMonth (shared-rules/src/wib.ts)',
    homes: ['shared-rules/src/wib.ts'],
    pattern:
      /\.(?:get|set)(?:UTC)?Month\(|\bmonth\w*\s*[+-]\s*1\s*\)?\s*%\s*12\b|\bDate\.UTC\([^)]*[Mm]onth|\.slice\(0,\s*7\)/,
    finds: [
      'wib.getUTCMonth() - i',
      'd.setUTCMonth(d.getUTCMonth() + 1)',
      'const next = (month + 1) % 12;',
      'new Date(Date.UTC(y, month - 1, 1))',
      'iso.slice(0, 7)',
    ],
    passes: ['const hour = wib.hours % 12 || 12;', 'lastWibMonths(now.getTime(), 6)', 'text.slice(0, 10)'],
  },
  {
    name: 'the exam window in SQL: windowSql and windowWhere from WINDOW_RULE (server/src/domain/exam-window.ts)',
    homes: ['server/src/domain/exam-window.ts'],
    within: 'server/src',
    pattern: /\b(?:start_time|end_time)(?:'\s*,\s*'|\s+)(?:<=|>=|<|>)/,
    finds: ["q.where('x.end_time', '>=', now)", 'WHERE x.start_time <= ? AND x.end_time >= ?'],
    passes: ["Pick<ItemFacts, 'start_time' | 'end_time'>", ".orderBy('x.start_time')"],
  },
  {
    name: 'JSON columns are read by readDbJson (server/src/db/json.ts); JSON.parse elsewhere parses no column',
    homes: [
      'server/src/db/json.ts',
      'server/src/lib/json-workers.ts', // request bodies, parsed off the main thread
      'server/src/domain/answer-delivery.ts', // a sealed envelope's opened text, from the browser
      'server/src/plugins/security.ts', // the remotes' address file, at start-up
      'server/src/routes/static/start-chain.ts', // the remotes' address file and the builds' manifests, per deploy
    ],
    within: 'server/src',
    pattern: /\bJSON\.parse\(/,
    finds: ['parsed = JSON.parse(value);'],
    passes: ["readDbJson(value, 'content', isContentMap)"],
  },
];

/** `file:line code` of every line of production code outside the rule's homes that spells the rule out. */
function spelledOut(rule: Rule): string[] {
  const dirs = rule.within ? [rule.within] : PACKAGES.map((pkg) => `${pkg}/src`);
  return dirs
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !rule.homes.includes(file))
    .flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const code = codeOf(line);
          return rule.pattern.test(code) ? [`${file}:${i + 1} ${code.trim()}`] : [];
        }),
    );
}

describe.each(RULES)('$name', (rule) => {
  it('its homes exist', () => {
    for (const home of rule.homes) expect(statSync(path.join(root, home)).isFile()).toBe(true);
  });

  it('the check recognizes the rule written out, and leaves code built on its home alone', () => {
    expect(rule.finds.filter((text) => !rule.pattern.test(text))).toEqual([]);
    expect(rule.passes.filter((text) => rule.pattern.test(text))).toEqual([]);
  });

  it('is written out nowhere else in production code', () => {
    expect(spelledOut(rule)).toEqual([]);
  });
});

// The password rule's home is shared-rules/src/passwords.ts; a screen where someone chooses a password (its field's
// autoComplete says "new-password") shows that rule through shared-ui's PasswordRules, never its own words.
describe('password rules', () => {
  const WEB = PACKAGES.filter((pkg) => pkg !== 'server' && pkg !== 'shared-rules');
  const screens = WEB.flatMap((pkg) => sourceFiles(path.join(root, pkg, 'src')))
    .map((file) => [path.relative(root, file).split(path.sep).join('/'), readFileSync(file, 'utf8')] as const)
    .filter(([, text]) => /autoComplete=["']new-password["']/.test(text));

  it('are listed by every screen where a password is chosen', () => {
    expect(screens.map(([file]) => file)).toEqual(
      expect.arrayContaining(['shared-ui/src/ChangePasswordPage.tsx', 'shell/src/app/DevPostPage.tsx']),
    );
    expect(screens.filter(([, text]) => !/<PasswordRules\b/.test(text)).map(([file]) => file)).toEqual([]);
  });
});
