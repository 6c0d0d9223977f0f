// Where each message namespace lives (shared-ui/src/i18n.ts): <dir>/<language>.json. Each package's texts are its
// own namespace; 'errors' holds the translation of each server error code (shared-rules ERROR_CODES). Used by the Jest
// setup (every namespace loaded up front) and by the missing/unused-key check (scripts/i18n-keys.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The package whose code uses each namespace's keys by name ('errors' is used by code, through the server). */
export const NAMESPACE_OF_PACKAGE = {
  'shared-ui': 'common',
  shell: 'shell',
  'admin-app': 'admin',
  'teacher-app': 'teacher',
  'student-app': 'student',
} as const;

export type Package = keyof typeof NAMESPACE_OF_PACKAGE;
/**
 * Namespaces a lazy screen or dialog brings with its own chunk (registerMessages in its module), so none of its texts
 * is on a first screen: keys named `ns:key`, or the files that use `useTranslation('<namespace>')` name them in it.
 */
const FEATURE_NAMESPACES = {
  classArchive: 'admin-app/src/features/classes/locales',
  // a class's term of exams and its gradebook (teacher-app/src/lib/term-i18n.ts)
  term: 'teacher-app/src/lib/locales/term',
  // the proctor's live view of an exam
  'exam-monitor': 'teacher-app/src/features/exam-monitor/locales',
  'teacher-copy': 'teacher-app/src/features/materials/locales/copy',
  'teacher-import-exam': 'teacher-app/src/features/assessments/locales/import',
  // the teacher dashboard's unanswered-discussions reminder, rendered after the dashboard is usable
  'teacher-discussions': 'teacher-app/src/features/dashboard/locales/discussions',
} as const;
export const SCREEN_NAMESPACES = Object.keys(FEATURE_NAMESPACES) as (keyof typeof FEATURE_NAMESPACES)[];

export type Namespace = (typeof NAMESPACE_OF_PACKAGE)[Package] | 'errors' | keyof typeof FEATURE_NAMESPACES;
export const TEST_LANGUAGES = ['en', 'id'] as const;

export const repoRoot = path.resolve(__dirname, '..');

const DIRECTORY: Record<Namespace, string> = {
  common: 'shared-ui/src/locales',
  errors: 'shared-ui/src/locales/errors',
  shell: 'shell/src/locales',
  admin: 'admin-app/src/locales',
  teacher: 'teacher-app/src/locales',
  student: 'student-app/src/locales',
  ...FEATURE_NAMESPACES,
};
export const NAMESPACES = Object.keys(DIRECTORY) as Namespace[];

/** The server's English messages are shown as they come: the errors namespace has no English file. */
export const hasMessages = (namespace: Namespace, language: string) => !(namespace === 'errors' && language === 'en');

export function readMessages(namespace: Namespace, language: string): Record<string, unknown> {
  if (!hasMessages(namespace, language)) return {};
  return JSON.parse(readFileSync(path.join(repoRoot, DIRECTORY[namespace], `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}
