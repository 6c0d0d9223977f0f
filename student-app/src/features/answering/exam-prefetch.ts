import { examsApi, type Exam } from '@kelasku/shared-api';

/** A prefetched list older than this is not used: the exam may have changed (edited, opened) since. */
const FRESH_MS = 5000;

export interface ClassExams {
  list: Exam[];
  /** Device time when the answer arrived, for the clock offset (server_time is as of then). */
  receivedAt: number;
}

let prefetched: { classId: number; startedAt: number; result: Promise<ClassExams> } | null = null;

function fetchClassExams(classId: number): Promise<ClassExams> {
  return examsApi.byClass(classId).then((list) => ({ list, receivedAt: Date.now() }));
}

/**
 * Starts GET /exams?class_id= as the student presses a class on My Exams, so the request runs while the exam
 * screen is being opened instead of after it rendered.
 */
export function prefetchClassExams(classId: number): void {
  if (prefetched?.classId === classId && Date.now() - prefetched.startedAt < FRESH_MS) return;
  const result = fetchClassExams(classId);
  result.catch(() => undefined); // a failed prefetch is not used: the page fetches again
  prefetched = { classId, startedAt: Date.now(), result };
}

/** The class's exams: the prefetched answer when fresh (used once), else a new request. */
export async function loadClassExams(classId: number): Promise<ClassExams> {
  const p = prefetched;
  prefetched = null;
  if (p && p.classId === classId && Date.now() - p.startedAt < FRESH_MS) {
    try {
      return await p.result;
    } catch {
      // fall through: ask again
    }
  }
  return fetchClassExams(classId);
}
