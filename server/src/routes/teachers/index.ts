import type { FastifyInstance } from 'fastify';
import { createTeacherRecord, deleteTeacherRecord, setProfileActive, toTeacherDto, updateTeacherRecord, withTeacherLoginState, type TeacherInput } from '../../db/profiles';
import { containsInsensitive, startsWithInsensitive, toCount } from '../../db/sql-helpers';
import { notFound } from '../../plugins/errors';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { idQuerySchema, pageMeta, parsePaging, queryFlag, queryText, registerUpdate, type IdQuery } from '../helpers';
import { passwordChange } from '../../db/accounts';
import { normalizeStatus } from '@kelasku/shared-rules';
import { requireSchoolId } from '../../domain/school-ids';
import { MAX_PICT_CHARS } from '../../domain/limits';

const teacherBodySchema = {
  type: 'object',
  required: ['name', 'nip', 'specialization', 'status'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    nip: { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\s*\\S+\\s*$' },
    specialization: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    status: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
    phone_number: { type: ['string', 'null'], maxLength: 50 },
    profile_picture_url: { type: ['string', 'null'], maxLength: MAX_PICT_CHARS },
  },
} as const;

const listQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'string' },
    pageSize: { type: 'string' },
    specialization: { type: 'string', maxLength: 100 },
    search: { type: 'string', maxLength: 100 },
    searchNIP: { type: 'string', maxLength: 100 },
    sortByNIP: { type: 'string' },
  },
} as const;

function cleanInput(body: TeacherInput): TeacherInput {
  return {
    name: body.name.trim(),
    nip: requireSchoolId(body.nip, 'nip'),
    specialization: body.specialization.trim(),
    status: normalizeStatus(body.status),
    phone_number: body.phone_number ?? null,
    profile_picture_url: body.profile_picture_url ?? null,
  };
}

export default async function teachersRoutes(app: FastifyInstance) {
  const admin = app.requireRole('admin');
  const tags = ['teachers'];

  app.get(
    '/teachers',
    {
      preHandler: admin,
      schema: { tags, summary: 'List teachers (admin); items under `students` (as the original API) and `teachers`', querystring: listQuerySchema },
    },
    async (request) => {
      const query = request.query as { specialization?: string; search?: string; searchNIP?: string; sortByNIP?: string };
      const paging = parsePaging(request.query);
      const direction = queryFlag(query.sortByNIP) ? 'asc' : 'desc';
      const search = queryText(query.search);
      const searchNip = queryText(query.searchNIP);
      // The original client does not URL-encode it: "Art & Culture" arrives as "Art " — trim, and accept it as a prefix.
      const specialization = queryText(query.specialization);
      return app.db.transaction().execute(async (trx) => {
        let q = withTeacherLoginState(trx);
        if (specialization) {
          q = q.where((eb) =>
            eb.or([eb('specialization', '=', specialization), startsWithInsensitive(eb.ref('specialization'), `${specialization} &`)]),
          );
        }
        if (search) q = q.where((eb) => eb.or([containsInsensitive(eb.ref('name'), search), containsInsensitive(eb.ref('nip'), search)]));
        if (searchNip) q = q.where((eb) => containsInsensitive(eb.ref('nip'), searchNip));
        const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
        const rows = await q.orderBy('nip', direction).orderBy('id', direction).limit(paging.pageSize).offset(paging.offset).execute();
        const items = rows.map(toTeacherDto);
        return { students: items, teachers: items, meta: pageMeta(paging, toCount(total)) };
      });
    },
  );

  app.post(
    '/teachers',
    { preHandler: admin, schema: { tags, summary: 'Create a teacher and their login (username = NIP); returns initial_password once', body: teacherBodySchema } },
    async (request) => {
      const input = cleanInput(request.body as TeacherInput);
      const initial_password = generateInitialPassword();
      const hash = await hashPassword(initial_password);
      const row = await app.db.transaction().execute((trx) => createTeacherRecord(trx, input, hash));
      return { ...toTeacherDto(row), initial_password };
    },
  );

  registerUpdate(
    app,
    '/teachers',
    { preHandler: admin, schema: { tags, summary: 'Replace a teacher (admin)', querystring: idQuerySchema, body: teacherBodySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const row = await app.db.transaction().execute((trx) => updateTeacherRecord(trx, id, cleanInput(request.body as TeacherInput)));
      return toTeacherDto(row);
    },
  );

  app.delete(
    '/teachers',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Delete a teacher and their login; 409 (listing `classes`) while they teach classes. Work they wrote in other classes stays with the class teacher',
        querystring: idQuerySchema,
      },
    },
    async (request) => {
      const { id } = request.query as IdQuery;
      await app.db.transaction().execute((trx) => deleteTeacherRecord(trx, id));
      return { message: 'Teacher deleted successfully' };
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/teachers/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: active ? 'Let a deactivated teacher sign in again' : 'Deactivate a teacher: no sign-in, sessions end; classes, work and names stay',
          querystring: idQuerySchema,
        },
      },
      async (request) => {
        const { id } = request.query as IdQuery;
        return toTeacherDto(
          await app.db.transaction().execute(async (trx) => {
            await setProfileActive(trx, 'teachers', id, active);
            return withTeacherLoginState(trx).where('teachers.id', '=', id).executeTakeFirstOrThrow();
          }),
        );
      },
    );
  }

  app.post(
    '/teachers/reset-password',
    { preHandler: admin, schema: { tags, summary: 'Give a teacher a new random password (shown once)', querystring: idQuerySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const row = await app.db.selectFrom('teachers').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!row || row.user_id == null) throw notFound('Teacher not found');
      const initial_password = generateInitialPassword();
      const password_hash = await hashPassword(initial_password);
      await app.db.updateTable('users').set(passwordChange(password_hash)).where('id', '=', row.user_id).execute();
      return { initial_password };
    },
  );
}
