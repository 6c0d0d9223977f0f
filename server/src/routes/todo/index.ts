/**
 * The student's to-do list (docs/api.md §2.12): GET /students/todo.
 * - exams of the student's classes that are open now or start within 7 days, not yet submitted by the student;
 * - exercises of the student's classes not yet submitted (newest first);
 * - materials added in the last 30 days (newest first): which of them are new since the student last opened their
 *   class is decided on the device, which remembers when it last showed each class.
 * Everything is scoped to the classes the student is assigned to now (domain/repo/todo.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { studentTodoSchema } from '@kelasku/shared-rules/src/wire/stats';
import { isoFromDb } from '../../db/time';
import { examStatus, formatWib } from '../../domain/exam-window';
import { requireStudentId } from '../../domain/policy';
import { todoOfStudent } from '../../domain/repo/todo';

/** shared-rules/src/wire/stats.ts */
const todoResponse = { 200: studentTodoSchema };

export default async function todoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/students/todo',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags: ['students'],
        summary: 'What the caller has to do now: open and coming exams, unsubmitted exercises, recent materials',
        response: todoResponse,
      },
    },
    async (request) => {
      const studentId = requireStudentId(request.user, 'see a to-do list');
      const now = new Date();
      const { exams, exercises, materials } = await todoOfStudent(app.db, studentId, now);
      return {
        exams: exams.map((x) => ({
          id: x.id,
          class_id: x.class_id,
          class_name: x.class_name,
          title: x.title,
          start_time: formatWib(x.start_time),
          end_time: formatWib(x.end_time),
          status: examStatus(x.start_time, x.end_time, now),
        })),
        exercises: exercises.map((e) => ({
          id: e.id,
          title: e.title,
          material_id: e.material_id,
          material_title: e.material_title,
          class_id: e.class_id,
          class_name: e.class_name,
          started: e.sheet_id !== null,
        })),
        materials: materials.map((m) => ({
          id: m.id,
          title: m.title,
          class_id: m.class_id,
          class_name: m.class_name,
          created_at: isoFromDb(m.created_at),
        })),
      };
    },
  );
}
