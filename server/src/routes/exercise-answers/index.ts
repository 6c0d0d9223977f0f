import type { FastifyInstance } from 'fastify';
import { EXERCISE } from '../../domain/repo/assessments';
import { registerSheetRoutes } from './sheet-routes';

/** Exercise answer sheets: /exercises-answers (docs/api.md §2.9). */
export default async function exerciseAnswersRoutes(app: FastifyInstance) {
  registerSheetRoutes(app, EXERCISE, '/exercises-answers');
}
