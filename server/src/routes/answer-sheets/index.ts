import type { FastifyInstance } from 'fastify';
import { EXAM, EXERCISE } from '../../domain/repo/assessments';
import { registerSheetRoutes } from './sheet-routes';

/** Exercise answer sheets: /exercises-answers (docs/api.md §2.9). */
export async function exerciseAnswersRoutes(app: FastifyInstance) {
  registerSheetRoutes(app, EXERCISE, '/exercises-answers');
}

/** Exam answer sheets: /exams-answers (docs/api.md §2.10); answers only inside [start_time, end_time]. */
export async function examAnswersRoutes(app: FastifyInstance) {
  registerSheetRoutes(app, EXAM, '/exams-answers');
}
