/**
 * A class's gradebook (docs/api.md §2.15), for the class's managers (its current teacher, admins):
 *   GET /classes/gradebook ?id          every exercise and exam (closed ones included) as columns, the roster as rows
 *   PUT /classes/gradebook-weights ?id  the weight of each kind of assessment in the final score (whole percents, 100 in all)
 * The averages and the final score are computed from these by shared-rules/src/gradebook.ts (screen and exports).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { gradebook as wire } from '@kelasku/shared-rules/src/wire';
import { DEFAULT_GRADEBOOK_WEIGHTS, weightsProblem } from '@kelasku/shared-rules/src/gradebook';
import { formatWib } from '../../domain/exam-window';
import { requireClass } from '../../domain/policy';
import { gradebookOf, saveGradebookWeights } from '../../domain/repo/gradebook';
import { badRequest } from '../../plugins/errors';
import { idQuerySchema, UPDATE_METHODS } from '../helpers';

const tags = ['classes'];
const wibDay = (instant: Date | string) => formatWib(instant).slice(0, 10);

export default async function gradebookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const managers = app.requireRole('teacher', 'admin');

  app.get(
    '/classes/gradebook',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The class gradebook: assessments as columns, the roster as rows (the class's teacher, admin)",
        querystring: idQuerySchema,
        response: { 200: wire.gradebookSchema },
      },
    },
    async (request) => {
      const cls = await requireClass(db, request.user, request.query.id, 'manage');
      const data = await gradebookOf(db, cls.id);
      const columns = [
        ...data.exercises.map((e) => ({
          type: 'exercise' as const,
          id: e.id,
          title: e.title,
          kind: 'exercise',
          kind_label: null,
          at: e.created_at,
          closed: false,
        })),
        ...data.exams.map((x) => ({
          type: 'exam' as const,
          id: x.id,
          title: x.title,
          kind: x.kind,
          kind_label: x.kind_label,
          at: x.start_time,
          closed: x.closed_at != null,
        })),
      ].sort(
        (a, b) =>
          new Date(a.at).getTime() - new Date(b.at).getTime() ||
          (a.type === b.type ? a.id - b.id : a.type === 'exercise' ? -1 : 1),
      );
      const scores = new Map<string, number>();
      for (const g of data.exerciseScores) scores.set(`exercise:${g.item_id}:${g.student_id}`, g.score);
      for (const g of data.examScores) scores.set(`exam:${g.item_id}:${g.student_id}`, g.score);
      return {
        class_id: cls.id,
        class_name: cls.name,
        weights: data.weights ?? { ...DEFAULT_GRADEBOOK_WEIGHTS },
        default_weights: !data.weights,
        assessments: columns.map(({ at, ...c }) => ({ ...c, date: wibDay(at) })),
        students: data.students.map((s) => ({
          ...s,
          scores: columns.map((c) => scores.get(`${c.type}:${c.id}:${s.id}`) ?? null),
        })),
      };
    },
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/classes/gradebook-weights',
    preHandler: managers,
    schema: {
      tags,
      summary: "Set the weight of each kind in the class's final scores (whole percents adding up to 100)",
      querystring: idQuerySchema,
      body: wire.gradebookWeightsSchema,
      response: { 200: wire.gradebookWeightsSchema },
    },
    handler: async (request) => {
      const cls = await requireClass(db, request.user, request.query.id, 'manage');
      const w = request.body;
      const problem = weightsProblem(w);
      if (problem)
        throw badRequest(`The weights must add up to 100 (they add up to ${problem.sum})`, {
          code: problem.code,
          params: { sum: problem.sum },
        });
      await saveGradebookWeights(db, cls.id, w);
      return w;
    },
  });
}
