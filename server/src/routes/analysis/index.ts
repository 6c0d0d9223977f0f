/**
 * Item analysis for the class's teacher and the admin (the class's managers, domain/policy.ts):
 *   GET /exercises/analysis?exercise_id   GET /exams/analysis?exam_id
 * Per question: answered, share correct and each option's count (multiple choice), the score distribution and
 * pending essays (essays); overall: score distribution, average, submitted, automatically submitted and with
 * pending essays. The figures are defined in domain/item-analysis.ts.
 */
import type { FastifyInstance } from 'fastify';
import { analyseItem } from '../../domain/item-analysis';
import { EXAM, EXERCISE, type ItemSpec } from '../../domain/repo/assessments';
import { loadAnalysisInput } from '../../domain/repo/item-analysis';
import { requireItem } from '../../domain/policy';
import { analysisQuery, analysisResponse } from './schemas';

export default async function analysisRoutes(app: FastifyInstance) {
  for (const [spec, base] of [
    [EXERCISE, '/exercises'],
    [EXAM, '/exams'],
  ] as [ItemSpec, string][]) {
    // The query holds the one id its schema requires (exercise_id or exam_id): the type names both, the route reads its own.
    app.get<{ Querystring: Record<ItemSpec['idCol'], number> }>(
      `${base}/analysis`,
      {
        preHandler: app.requireRole('teacher', 'admin'),
        schema: {
          tags: [`${spec.kind}s`],
          summary: `Item analysis of the ${spec.kind}: per question and overall (the class's teacher, admin)`,
          querystring: analysisQuery(spec.idCol),
          response: analysisResponse,
        },
      },
      async (request) => {
        const item = await requireItem(app.db, spec, request.user, request.query[spec.idCol], 'manage');
        const analysis = analyseItem(await loadAnalysisInput(app.db, spec, item));
        return { kind: spec.kind, id: item.id, title: item.title, ...analysis };
      },
    );
  }
}
