/**
 * Bulk roster changes from a class's page: the selected students join another class of the grade, move there, or
 * leave the class. One request each, all or nothing; every refused id is listed in the 4xx.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_ROSTER_CHANGE, type RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { changesRosters, type Caller } from '../../domain/policy';
import { changeRoster } from '../../domain/repo/roster-changes';
import { forbidden } from '../../plugins/errors';
import { idSchema } from '../helpers';

const studentIds = Type.Array(idSchema, {
  minItems: 1,
  maxItems: MAX_ROSTER_CHANGE,
  uniqueItems: true,
  description: `at most ${MAX_ROSTER_CHANGE} distinct student ids`,
});
const withTarget = Type.Object({ id: idSchema, to: idSchema, student_id: studentIds });
const withoutTarget = Type.Object({ id: idSchema, student_id: studentIds });
const reply = { 200: Type.Object({ message: Type.String(), count: Type.Integer() }) };

const DONE: Record<RosterChange, string> = {
  assign: 'Students assigned successfully',
  move: 'Students moved successfully',
  unassign: 'Students unassigned successfully',
};
const REFUSALS = 'all or nothing: unknown students 400, students not in class `id` or already in `to` 409, each listed';

export default async function rosterChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['classes'];
  const apply = async (
    user: Caller,
    change: RosterChange,
    classId: number,
    studentIds: number[],
    targetId?: number,
  ) => {
    if (!changesRosters(user)) throw forbidden('Forbidden: only admins change class rosters');
    const count = await changeRoster(app.db, { change, classId, targetId, studentIds });
    return { message: DONE[change], count };
  };

  for (const [change, what] of [
    ['assign', 'also join'],
    ['move', 'move to'],
  ] as const) {
    app.post(
      `/classes/roster/${change}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: `Students of class \`id\` ${what} class \`to\` of the same grade; ${REFUSALS}`,
          body: withTarget,
          response: reply,
        },
      },
      async (request) => apply(request.user, change, request.body.id, request.body.student_id, request.body.to),
    );
  }
  app.post(
    '/classes/roster/unassign',
    {
      preHandler: admin,
      schema: { tags, summary: `Students of class \`id\` leave it; ${REFUSALS}`, body: withoutTarget, response: reply },
    },
    async (request) => apply(request.user, 'unassign', request.body.id, request.body.student_id),
  );
}
