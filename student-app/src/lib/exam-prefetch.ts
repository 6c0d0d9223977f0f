import { examsApi, keepDeliveryOf, type Exam } from '@kelasku/shared-api';

/** A prefetched list older than this is not used: the exam may have changed (edited, opened) since. */
const FRESH_MS = 5000;

export interface ClassExams {
  list: Exam[];
  /** Device time when the answer arrived, for the clock offset (server_time is as of then). */
  receivedAt: number;
}

let prefetched: { classId: number; startedAt: number; result: Promise<ClassExams>; arrived?: ClassExams } | null = null;

function fetchClassExams(classId: number): Promise<ClassExams> {
  return examsApi.byClass(classId).then((list) => {
    // Its ticket lets this browser seal answers it could not send before a sign-out (shared-api sealed-answers.ts).
    list.forEach((exam) => keepDeliveryOf(exam));
    return { list, receivedAt: Date.now() };
  });
}

/**
 * Starts GET /exams?class_id= as the student presses a class on My Exams, so the request runs while the exam
 * screen is being opened instead of after it rendered.
 */
export function prefetchClassExams(classId: number): void {
  if (prefetched?.classId === classId && Date.now() - prefetched.startedAt < FRESH_MS) return;
  const result = fetchClassExams(classId);
  const entry: NonNullable<typeof prefetched> = { classId, startedAt: Date.now(), result };
  // Kept as a plain value too, so the page's first render can use it without waiting a turn for the promise.
  result.then(
    (exams) => (entry.arrived = exams),
    () => undefined,
  ); // a failed prefetch is not used: the page fetches again
  prefetched = entry;
}

/**
 * The class's exams when a fresh prefetch has already arrived, else undefined: the exam screen shows question 1 in
 * its first render instead of a loading state first. Only a look: loadClassExams still takes the same answer once.
 */
export function arrivedClassExams(classId: number): ClassExams | undefined {
  const p = prefetched;
  return p?.arrived && p.classId === classId && Date.now() - p.startedAt < FRESH_MS ? p.arrived : undefined;
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

/** One exam of the class's term by its id, as the class's list would hold it (a closed exam's results). */
export async function loadPastExam(examId: number): Promise<ClassExams> {
  const exam = await examsApi.byId(examId);
  return { list: [exam], receivedAt: Date.now() };
}
