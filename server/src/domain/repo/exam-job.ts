/**
 * Exam auto-submit: after an exam's end time every sheet of it is locked and graded, also when the student never
 * pressed Submit. Runs every ~30 s on every API node, but only the node holding the `exam-auto-submit` lease works
 * (`db/leases.ts`), and grading itself is once-only (see submitAndGrade), so several nodes never
 * double-grade.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/connect';
import { acquireLease } from '../../db/leases';
import type { ScorerConfig } from '../scorers';
import { EXAM, itemById, submitAndGrade } from './assessments';
import { extraMinutesSql, windowWhere } from './exam-proctoring';

export const EXAM_JOB_LEASE = 'exam-auto-submit';

/** Grades up to `limit` ungraded sheets of ended exams (each student's own end: extra minutes count); returns how many it graded. */
export async function runExamAutoSubmit(db: Db, scorer: ScorerConfig, now = new Date(), limit = 200): Promise<number> {
  const rows = await db
    .selectFrom('exam_answers as s')
    .innerJoin('exams as x', 'x.id', 's.exam_id')
    .leftJoin('exam_scores as g', (j) =>
      j.onRef('g.exam_id', '=', 's.exam_id').onRef('g.student_id', '=', 's.student_id'),
    )
    .select(['s.exam_id', 's.student_id'])
    .where(
      windowWhere(
        db,
        { start: 'x.start_time', end: 'x.end_time', extraMinutes: extraMinutesSql('s.exam_id', 's.student_id') },
        now,
      ).ended(),
    )
    .where('g.id', 'is', null)
    .orderBy('s.id')
    .limit(limit)
    .execute();
  let graded = 0;
  for (const r of rows) {
    const exam = await itemById(db, EXAM, r.exam_id);
    if (!exam) continue;
    await submitAndGrade(db, EXAM, exam, r.student_id, scorer, now);
    graded++;
  }
  return graded;
}

export interface ExamJob {
  stop(): void;
  /** One tick now (tests, or a manual trigger). */
  tick(): Promise<number>;
}

/** Starts the periodic job; `onError` gets failures (the job keeps running). */
export function startExamAutoSubmit(
  db: Db,
  scorer: ScorerConfig,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): ExamJob {
  const intervalMs = opts.intervalMs ?? 30_000;
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  let running = false;
  const tick = async (): Promise<number> => {
    if (running) return 0;
    running = true;
    try {
      // The lease outlives one interval a little, so a busy holder keeps it and a dead one loses it soon.
      if (!(await acquireLease(db, EXAM_JOB_LEASE, holder, intervalMs + 15_000))) return 0;
      return await runExamAutoSubmit(db, scorer);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => {
    tick().catch((err) => opts.onError?.(err));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
