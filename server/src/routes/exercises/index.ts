import type { FastifyInstance } from 'fastify';
import { EXERCISE } from '../../domain/repo/assessments';
import { type EssayScorerSettings, scorerFrom } from '../../domain/scorers';
import { registerItemRoutes } from './item-routes';

/** Exercises (one per material), docs/api.md §2.8. */
export default async function exercisesRoutes(app: FastifyInstance, options: { essayScorer?: EssayScorerSettings }) {
  registerItemRoutes(app, EXERCISE, '/exercises', scorerFrom(options.essayScorer));
}
