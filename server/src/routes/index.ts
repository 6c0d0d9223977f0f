import type { EssayScorerSettings } from '../domain/scorers';
import type { FastifyInstance } from 'fastify';
import analysis from './analysis';
import auth from './auth';
import classes from './classes';
import discussions from './discussions';
import discussionsMaterial from './discussions-material';
import { examAnswersRoutes, exerciseAnswersRoutes } from './answer-sheets';
import { examsRoutes, exercisesRoutes } from './assessments';
import gradebook from './gradebook';
import examMonitor from './exam-monitor';
import health from './health';
import images from './images';
import language from './language';
import materials from './materials';
import ping from './ping';
import reports from './reports';
import sealedAnswers from './sealed-answers';
import review from './review';
import stats from './stats';
import students from './students';
import teachers from './teachers';
import todo from './todo';
import users from './users';

export interface RoutesOptions extends Record<string, unknown> {
  loginRateLimit: { max: number; timeWindowMs: number };
  examAutoSubmit: boolean;
  essayScorer?: EssayScorerSettings;
}

/** Every route folder; each module registers its own paths (e.g. `/classes`, `/classes/details`) under /api/v1. */
export default async function routes(app: FastifyInstance, options: RoutesOptions) {
  await app.register(ping);
  await app.register(health);
  await app.register(auth, { loginRateLimit: options.loginRateLimit });
  await app.register(users);
  await app.register(language);
  await app.register(students);
  await app.register(teachers);
  await app.register(classes);
  // teaching material and the work students hand in
  await app.register(materials);
  await app.register(discussions);
  await app.register(discussionsMaterial);
  await app.register(exercisesRoutes, { essayScorer: options.essayScorer });
  await app.register(examsRoutes, { autoSubmit: options.examAutoSubmit, essayScorer: options.essayScorer });
  await app.register(exerciseAnswersRoutes);
  await app.register(examAnswersRoutes);
  await app.register(sealedAnswers);
  await app.register(examMonitor, { essayScorer: options.essayScorer });
  await app.register(analysis);
  await app.register(review);
  await app.register(gradebook);
  await app.register(images);
  await app.register(reports);
  await app.register(stats);
  await app.register(todo);
}
