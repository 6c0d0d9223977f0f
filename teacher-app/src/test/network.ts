// The server as the teacher's screens meet it in component tests: replies several test files share, answered through
// Mock Service Worker (jest/msw-routes.ts) so the screens talk through the real shared-api client.
import type { ClassItem } from '@kelasku/shared-api';
import { reply } from '../../../jest/msw-routes';

/**
 * The signed-in teacher's classes: /classes/mine lists them, /classes/class-id answers the first (by id) of the grade
 * asked, as the server does. Returns both replies, to check what was asked.
 */
export function answerMyClasses(classes: ClassItem[]) {
  const mine = reply('get /classes/mine', () => ({ classes }));
  const classId = reply('get /classes/class-id', ({ query }) => {
    const inGrade = classes.filter((c) => c.grade === Number(query.grade)).sort((a, b) => a.id - b.id);
    return { class_id: inGrade[0]?.id ?? null, total: inGrade.length };
  });
  return { mine, classId };
}

/** What a read sent: only its query string. */
export const asked = (query: Record<string, string>) => ({ query, body: undefined });
