import type { FastifyInstance } from 'fastify';
import {
  createStudentRecord,
  deleteStudentRecord,
  setProfileActive,
  toStudentDto,
  updateStudentRecord,
  withStudentLoginState,
  type StudentInput,
} from '../../db/profiles';
import { containsInsensitive, toCount } from '../../db/sql-helpers';
import { seesPersonalData } from '../../domain/policy';
import { errorBody, notFound } from '../../plugins/errors';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { idQuerySchema, pageMeta, parsePaging, queryFlag, queryText, registerUpdate, type IdQuery } from '../helpers';
import { createImportedStudents, validateImportRows } from './import';
import { gradeMigrateBodySchema, importBodySchema, studentBodySchema, studentCreateBodySchema, studentListQuerySchema } from './schemas';
import { passwordChange } from '../../db/accounts';
import { normalizeStatus } from '@kelasku/shared-rules';
import { requireSchoolId } from '../../domain/school-ids';

type StudentBody = StudentInput;

function cleanInput(body: StudentBody): StudentInput {
  return {
    name: body.name.trim(),
    nis: requireSchoolId(body.nis, 'nis'),
    grade: body.grade,
    status: normalizeStatus(body.status),
    phone_number: body.phone_number ?? null,
    curr_score: body.curr_score ?? null,
    profile_picture_url: body.profile_picture_url ?? null,
  };
}

export default async function studentsRoutes(app: FastifyInstance) {
  const admin = app.requireRole('admin');
  const tags = ['students'];

  app.get(
    '/students',
    { preHandler: admin, schema: { tags, summary: 'List students (admin). `id` is accepted and ignored (docs/api.md §2.2)', querystring: studentListQuerySchema } },
    async (request) => {
      const query = request.query as { grade?: number; search?: string; searchNIS?: string; sortByNIS?: string };
      const paging = parsePaging(request.query);
      const direction = queryFlag(query.sortByNIS) ? 'asc' : 'desc';
      const search = queryText(query.search);
      const searchNis = queryText(query.searchNIS);
      return app.db.transaction().execute(async (trx) => {
        let q = withStudentLoginState(trx);
        if (query.grade !== undefined) q = q.where('grade', '=', query.grade);
        if (search) q = q.where((eb) => eb.or([containsInsensitive(eb.ref('name'), search), containsInsensitive(eb.ref('nis'), search)]));
        if (searchNis) q = q.where((eb) => containsInsensitive(eb.ref('nis'), searchNis));
        const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
        const rows = await q.orderBy('nis', direction).orderBy('id', direction).limit(paging.pageSize).offset(paging.offset).execute();
        return { students: rows.map(toStudentDto), meta: pageMeta(paging, toCount(total)) };
      });
    },
  );

  app.post(
    '/students',
    { preHandler: admin, schema: { tags, summary: 'Create a student and their login (username = NIS); returns initial_password once; joins every class of the grade unless join_classes is false', body: studentCreateBodySchema } },
    async (request) => {
      const body = request.body as StudentBody & { join_classes?: boolean };
      const input = cleanInput(body);
      const initial_password = generateInitialPassword();
      const hash = await hashPassword(initial_password);
      const row = await app.db.transaction().execute((trx) => createStudentRecord(trx, input, hash, body.join_classes !== false));
      return { ...toStudentDto(row), initial_password };
    },
  );

  registerUpdate(
    app,
    '/students',
    { preHandler: admin, schema: { tags, summary: 'Replace a student (admin); unknown fields are ignored', querystring: idQuerySchema, body: studentBodySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const input = cleanInput(request.body as StudentBody);
      const row = await app.db.transaction().execute((trx) => updateStudentRecord(trx, id, input));
      return toStudentDto(row);
    },
  );

  const deleteSummary =
    'Delete a student and their login, answers, grades and replies; their posts go too, except those other students replied to (kept with those replies)';
  app.delete('/students', { preHandler: admin, schema: { tags, summary: deleteSummary, querystring: idQuerySchema } }, async (request) => {
    const { id } = request.query as IdQuery;
    await app.db.transaction().execute((trx) => deleteStudentRecord(trx, id));
    return { message: 'Student deleted successfully' };
  });

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/students/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: active ? 'Let a deactivated student sign in again' : 'Deactivate a student: no sign-in, sessions end; answers, grades and names stay',
          querystring: idQuerySchema,
        },
      },
      async (request) => {
        const { id } = request.query as IdQuery;
        return toStudentDto(
          await app.db.transaction().execute(async (trx) => {
            await setProfileActive(trx, 'students', id, active);
            return withStudentLoginState(trx).where('students.id', '=', id).executeTakeFirstOrThrow();
          }),
        );
      },
    );
  }

  app.get(
    '/students/details',
    { preHandler: app.authenticate, schema: { tags, summary: 'One student: the full record for admins, {id, name, grade} for others', querystring: idQuerySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const row = await app.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Student not found');
      if (seesPersonalData(request.user)) return toStudentDto(row);
      return { id: row.id, name: row.name, grade: row.grade };
    },
  );

  app.post(
    '/students/reset-password',
    { preHandler: admin, schema: { tags, summary: 'Give a student a new random password (shown once)', querystring: idQuerySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const row = await app.db.selectFrom('students').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!row || row.user_id == null) throw notFound('Student not found');
      const initial_password = generateInitialPassword();
      const password_hash = await hashPassword(initial_password);
      await app.db.updateTable('users').set(passwordChange(password_hash)).where('id', '=', row.user_id).execute();
      return { initial_password };
    },
  );

  app.post(
    '/students/grade-migrate',
    {
      preHandler: admin,
      schema: { tags, summary: 'Move every student one grade up or down, clamped to 10–12, in one transaction; assignments follow', body: gradeMigrateBodySchema },
    },
    async (request) => {
      const { migrate } = request.body as { migrate: 'up' | 'down' };
      const step = migrate === 'up' ? 1 : -1;
      const moved = await app.db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('students').select(['id', 'grade']);
        q = step === 1 ? q.where('grade', '<', 12) : q.where('grade', '>', 10);
        const rows = await q.execute();
        const byGrade = new Map<number, number[]>();
        for (const r of rows) byGrade.set(r.grade, [...(byGrade.get(r.grade) ?? []), r.id]);
        for (const [grade, ids] of byGrade) {
          for (let i = 0; i < ids.length; i += 500) {
            const chunk = ids.slice(i, i + 500);
            await trx
              .deleteFrom('assigned_students_class')
              .where('student_id', 'in', chunk)
              .where('class_id', 'in', (eb) => eb.selectFrom('classes').select('id').where('grade', '=', grade))
              .execute();
            await trx.updateTable('students').set({ grade: grade + step, updated_at: new Date().toISOString() }).where('id', 'in', chunk).execute();
            await trx
              .insertInto('assigned_students_class')
              .columns(['student_id', 'class_id'])
              .expression((eb) =>
                eb
                  .selectFrom('students')
                  .innerJoin('classes', 'classes.grade', 'students.grade')
                  .select(['students.id as student_id', 'classes.id as class_id'])
                  .where('students.id', 'in', chunk),
              )
              .onConflict((oc) => oc.columns(['student_id', 'class_id']).doNothing())
              .execute();
          }
        }
        return rows.length;
      });
      return { message: 'All student grades migrated successfully', moved };
    },
  );

  app.post(
    '/students/import',
    {
      preHandler: admin,
      schema: { tags, summary: 'Create many students at once (all or nothing); dry_run only validates', body: importBodySchema },
    },
    async (request, reply) => {
      const { rows, dry_run, join_classes } = request.body as { rows: unknown[]; dry_run?: boolean; join_classes?: boolean };
      const { inputs, errors } = await validateImportRows(app.db, rows);
      if (errors.length > 0) {
        const message = `Import rejected: ${errors.length} problem${errors.length === 1 ? '' : 's'} found, nothing was created`;
        return reply.code(400).send(errorBody(message, { created: 0, errors, students: [] }));
      }
      if (dry_run) return { created: 0, errors: [], students: [], valid: inputs.length };
      const created = await createImportedStudents(app.db, inputs, join_classes !== false);
      return { created: created.length, errors: [], students: created };
    },
  );
}
