import type { FastifyInstance } from 'fastify';
import { EXERCISE } from '../../domain/repo/assessments';
import { scorerFromEnv } from '../../domain/scorers';
import { registerItemRoutes } from './item-routes';

/** Exercises (one per material), api-contract §2.8 + docs/contracts.md §4. */
export default async function exercisesRoutes(app: FastifyInstance) {
  registerItemRoutes(app, EXERCISE, '/exercises', scorerFromEnv());
}
