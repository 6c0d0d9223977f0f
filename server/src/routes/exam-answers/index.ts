import type { FastifyInstance } from 'fastify';
import { EXAM } from '../../domain/repo/assessments';
import { registerSheetRoutes } from '../exercise-answers/sheet-routes';

/** Exam answer sheets: /exams-answers (docs/api.md §2.10); answers only inside [start_time, end_time]. */
export default async function examAnswersRoutes(app: FastifyInstance) {
  registerSheetRoutes(app, EXAM, '/exams-answers');
}
