import type { FastifyInstance } from 'fastify';
import { EXAM, EXERCISE } from '../../domain/repo/assessments';
import { type ExamJob, startExamAutoSubmit } from '../../domain/repo/exam-job';
import { type EssayScorerSettings, scorerFrom } from '../../domain/scorers';
import { registerExamTermRoutes } from './exam-term-routes';
import { registerItemRoutes } from './item-routes';

/** Exercises (one per material), docs/api.md §2.8. */
export async function exercisesRoutes(app: FastifyInstance, options: { essayScorer?: EssayScorerSettings }) {
  registerItemRoutes(app, EXERCISE, '/exercises', scorerFrom(options.essayScorer));
}

/**
 * Exams (one current exam per class, the closed ones of its term beside it), docs/api.md §2.10, and the exam auto-submit job
 * (every 30 s once the app is ready, when the app was built with `examAutoSubmit`; config.ts reads EXAM_AUTO_SUBMIT).
 */
export async function examsRoutes(
  app: FastifyInstance,
  options: { autoSubmit?: boolean; essayScorer?: EssayScorerSettings },
) {
  const scorer = scorerFrom(options.essayScorer);
  registerItemRoutes(app, EXAM, '/exams', scorer);
  registerExamTermRoutes(app);

  if (!options.autoSubmit) return;
  let job: ExamJob | undefined;
  app.addHook('onReady', async () => {
    job = startExamAutoSubmit(app.db, scorer, { onError: (err) => app.log.error({ err }, 'exam auto-submit failed') });
  });
  app.addHook('onClose', async () => job?.stop());
}
