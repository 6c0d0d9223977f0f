import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '../shared-rules/src/error-codes';
import {
  NAMESPACE_OF_PACKAGE,
  NAMESPACES,
  readMessages,
  repoRoot,
  SCREEN_NAMESPACES,
  type Package,
} from '../jest/i18n-namespaces';

// Every message key exists in both languages, every key the code names exists, and no key is left unused. Keys are
// named in code as literals ('dashboard.title', or 'common:actions.save' for another namespace), so this check can
// see them; a key built at run time must come from a literal map (e.g. { active: 'status.active' }).

const PACKAGES = Object.keys(NAMESPACE_OF_PACKAGE) as Package[];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'test' && name !== 'locales') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'test-utils.tsx') out.push(full);
  }
  return out;
}

/** 'a.b_one' and 'a.b_other' are one key 'a.b' (i18next plural forms). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(messages: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') return keysOf(value as Record<string, unknown>, full);
    return [full.replace(PLURAL_SUFFIX, '')];
  });
}

function emptyMessages(messages: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') return emptyMessages(value as Record<string, unknown>, full);
    return typeof value === 'string' && value.trim() ? [] : [full];
  });
}

const sources = Object.fromEntries(
  PACKAGES.map((pkg) => [
    pkg,
    sourceFiles(path.join(repoRoot, pkg, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') })),
  ]),
);
const messages = Object.fromEntries(
  NAMESPACES.map((ns) => [ns, { en: readMessages(ns, 'en'), id: readMessages(ns, 'id') }]),
);
const keys = Object.fromEntries(
  Object.entries(messages).map(([ns, m]) => [ns, { en: new Set(keysOf(m.en)), id: new Set(keysOf(m.id)) }]),
);

/** The error messages are named by the server's codes, not by literals in the code. */
const errorCodes = new Set(Object.keys(ERROR_CODES));
const NAMED_IN_CODE = NAMESPACES.filter((ns) => ns !== 'errors');

/** Keys passed to t() (or an i18nKey prop) as literals, with the namespace they belong to. */
function namedKeys(pkg: Package): { key: string; ns: string; where: string }[] {
  return sources[pkg].flatMap(({ file, text }) => {
    // A lazy screen's own namespace (SCREEN_NAMESPACES), else the package's.
    const declared = /useTranslation\(\s*'([^']+)'\s*\)/.exec(text)?.[1];
    const own = (SCREEN_NAMESPACES as readonly string[]).includes(declared ?? '')
      ? declared!
      : NAMESPACE_OF_PACKAGE[pkg];
    return [...text.matchAll(/\b(?:t|i18next\.t)\(\s*(['"])([^'"]+)\1|i18nKey=(['"])([^'"]+)\3/g)].map((m) => {
      const literal = m[2] ?? m[4];
      const [ns, key] = literal.includes(':') ? literal.split(':', 2) : [own, literal];
      return { key, ns, where: path.relative(repoRoot, file) };
    });
  });
}

describe('message keys', () => {
  it.each(NAMED_IN_CODE)('namespace %s has the same keys in English and Indonesian', (ns) => {
    const onlyEn = [...keys[ns].en].filter((k) => !keys[ns].id.has(k));
    const onlyId = [...keys[ns].id].filter((k) => !keys[ns].en.has(k));
    expect({ onlyEn, onlyId }).toEqual({ onlyEn: [], onlyId: [] });
  });

  it.each(NAMESPACES)('namespace %s has no empty message', (ns) => {
    expect([...emptyMessages(messages[ns].en), ...emptyMessages(messages[ns].id)]).toEqual([]);
  });

  it.each(PACKAGES)('every key %s names exists', (pkg) => {
    const missing = namedKeys(pkg)
      .filter(({ key, ns }) => !(ns in keys && keys[ns].en.has(key)))
      .map(({ key, ns, where }) => `${where}: ${ns}:${key}`);
    expect(missing).toEqual([]);
  });

  it.each(NAMED_IN_CODE)('every key of namespace %s is used', (ns) => {
    const allSources = Object.values(sources)
      .flat()
      .map((s) => s.text)
      .join('\n');
    const unused = [...keys[ns].en].filter((key) => {
      return (
        !allSources.includes(`'${key}'`) &&
        !allSources.includes(`"${key}"`) &&
        !allSources.includes(`${ns}:${key}'`) &&
        !allSources.includes(`${ns}:${key}"`)
      );
    });
    expect(unused).toEqual([]);
  });

  it('every error code the server can send has an Indonesian message, and the errors namespace nothing else', () => {
    // In English the server's own message is shown (shared-api errorMessage): no English file to keep in step.
    // Besides the codes: `term.*`, the words a message's field or record name becomes (params.field, params.what).
    const present = keys.errors.id;
    expect([...errorCodes].filter((k) => !present.has(k))).toEqual([]);
    expect([...present].filter((k) => !errorCodes.has(k) && !k.startsWith('term.'))).toEqual([]);
  });

  // Texts written straight into JSX escape translation: a text node with a word in it, or a text attribute. Names
  // that are the same in every language (the product's) may stay.
  // (not after '=>': a function type such as `() => Promise<void>`)
  const JSX_TEXT = /(?<!=)>\s*([A-Za-z][^<>{}=;()]*)</g;
  const TEXT_ATTRIBUTE = /\b(?:label|aria-label|title|placeholder|helperText|alt|text|message)="([^"]*[A-Za-z][^"]*)"/g;
  const SAME_IN_EVERY_LANGUAGE = new Set(['Kelasku']);

  it.each(PACKAGES)('%s writes no text into JSX directly', (pkg) => {
    const found = sources[pkg]
      .filter(({ file }) => file.endsWith('.tsx'))
      .flatMap(({ file, text }) =>
        [...text.matchAll(JSX_TEXT), ...text.matchAll(TEXT_ATTRIBUTE)]
          .filter((m) => !SAME_IN_EVERY_LANGUAGE.has(m[1].trim()))
          // comparisons in code (`a > b && c < d`) are not text
          .filter((m) => !/&&|\|\|/.test(m[1]))
          .map((m) => `${path.relative(repoRoot, file)}: ${m[0].replace(/\s+/g, ' ').trim()}`),
      );
    expect(found).toEqual([]);
  });
});
