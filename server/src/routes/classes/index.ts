import type { FastifyInstance, FastifyRequest } from 'fastify';
import { classNameKey, duplicateClassNameMessage } from '@kelasku/shared-rules';
import type { Db } from '../../db/connect';
import { deleteOrphanForumRows } from '../../db/accounts';
import { assignGradeStudentsToClass, unassignGradeFromClass } from '../../db/assignments';
import { toStudentDto } from '../../db/profiles';
import type { StudentRow } from '../../db/schema';
import { preparedRead } from '../../db/prepared';
import { containsInsensitive, toCount } from '../../db/sql-helpers';
import { CLASSES_OF_STUDENT_SQL, COUNT_CLASSES_OF_STUDENT_SQL } from '../../domain/repo/hot-reads';
import { listsStudentClasses, looksUpTeacherClasses, managesClass, placeOfClass, seesPersonalData } from '../../domain/policy';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, pageMeta, parsePaging, queryFlag, queryText, registerUpdate, type IdQuery } from '../helpers';
import { classListResponse } from '../read-schemas';

const classBodySchema = {
  type: 'object',
  required: ['name', 'description', 'teacher_id', 'grade'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
    description: { type: 'string', maxLength: 5000 },
    teacher_id: idSchema,
    grade: { type: 'integer', enum: [10, 11, 12] },
  },
} as const;

const classCreateBodySchema = {
  ...classBodySchema,
  properties: { ...classBodySchema.properties, enrol_all: { type: 'boolean', description: 'add every student of the grade (default true)' } },
} as const;

/** The unique index behind assertClassNameFree: when two creates race, the second one's insert fails. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const assignBodySchema = {
  type: 'object',
  required: ['id', 'student_id'],
  properties: {
    id: idSchema,
    student_id: { type: 'array', minItems: 1, maxItems: 5000, items: idSchema },
  },
} as const;

type ClassBody = { name: string; description: string; teacher_id: number; grade: number };
type AssignBody = { id: number; student_id: number[] };

/** Classes with teacher_name and student_count, ordered by id. */
function classesQuery(db: Db) {
  return db
    .selectFrom('classes')
    .leftJoin('teachers', 'teachers.id', 'classes.teacher_id')
    .select((eb) => [
      'classes.id',
      'classes.name',
      'classes.description',
      'classes.teacher_id',
      'classes.grade',
      eb.fn.coalesce('teachers.name', eb.val('')).as('teacher_name'),
      eb
        .selectFrom('assigned_students_class')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('assigned_students_class.class_id', '=', 'classes.id')
        .as('student_count'),
    ]);
}

type ClassQueryRow = { id: number; name: string; description: string; teacher_id: number; grade: number; teacher_name: string; student_count: unknown };

function toClassDto(row: ClassQueryRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_name,
    grade: row.grade,
    student_count: toCount(row.student_count),
  };
}

/** What a teacher sees of a student on a roster (contact details stay with admins). */
function rosterStudent(row: StudentRow, full: boolean) {
  const dto = toStudentDto(row);
  return full ? dto : { ...dto, phone_number: null, curr_score: null, profile_picture_url: null, user_id: '' };
}

async function loadClass(db: Db, id: number) {
  const row = await classesQuery(db).where('classes.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Class not found');
  return row;
}

async function assertTeacherExists(db: Db, teacherId: number) {
  const teacher = await db.selectFrom('teachers').select('id').where('id', '=', teacherId).executeTakeFirst();
  if (!teacher) throw badRequest(`teacher_id ${teacherId} does not exist`);
}

/** 409 when another class of the grade already has this name (as a reader sees it); `exceptId` is the class being renamed. */
async function assertClassNameFree(db: Db, name: string, grade: number, exceptId?: number) {
  let q = db.selectFrom('classes').select(['id', 'name']).where('grade', '=', grade);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const key = classNameKey(name);
  const taken = (await q.execute()).find((c) => classNameKey(c.name) === key);
  if (taken) throw conflict(duplicateClassNameMessage(taken.name, grade));
}

export default async function classesRoutes(app: FastifyInstance) {
  const admin = app.requireRole('admin');
  const adminOrTeacher = app.requireRole('teacher', 'admin');
  const tags = ['classes'];

  app.get(
    '/classes',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'List classes (any signed-in user), optional grade filter, ordered by id',
        querystring: { type: 'object', properties: { page: { type: 'string' }, pageSize: { type: 'string' }, grade: { type: 'integer' } } },
      },
    },
    async (request) => {
      const { grade } = request.query as { grade?: number };
      const paging = parsePaging(request.query);
      return app.db.transaction().execute(async (trx) => {
        let count = trx.selectFrom('classes').select((eb) => eb.fn.countAll().as('total'));
        let rows = classesQuery(trx);
        if (grade !== undefined) {
          count = count.where('grade', '=', grade);
          rows = rows.where('classes.grade', '=', grade);
        }
        const { total } = await count.executeTakeFirstOrThrow();
        const items = await rows.orderBy('classes.id').limit(paging.pageSize).offset(paging.offset).execute();
        return { classes: items.map(toClassDto), meta: pageMeta(paging, toCount(total)) };
      });
    },
  );

  app.post(
    '/classes',
    { preHandler: admin, schema: {
        tags,
        summary: 'Create a class; every student of its grade is assigned to it unless enrol_all is false; 409 when its grade already has a class of that name',
        body: classCreateBodySchema,
      },
    },
    async (request) => {
      const body = request.body as ClassBody & { enrol_all?: boolean };
      const id = await app.db
        .transaction()
        .execute(async (trx) => {
          await assertTeacherExists(trx, body.teacher_id);
          await assertClassNameFree(trx, body.name, body.grade);
          const row = await trx
            .insertInto('classes')
            .values({ name: body.name.trim(), description: body.description, teacher_id: body.teacher_id, grade: body.grade })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (body.enrol_all !== false) await assignGradeStudentsToClass(trx, row.id, body.grade);
          return row.id;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw conflict(duplicateClassNameMessage(body.name.trim(), body.grade));
          throw err;
        });
      return toClassDto(await loadClass(app.db, id));
    },
  );

  registerUpdate(
    app,
    '/classes',
    { preHandler: admin, schema: { tags, summary: 'Replace a class; a grade change moves its grade-assigned students', querystring: idQuerySchema, body: classBodySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const body = request.body as ClassBody;
      await app.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('classes').select(['id', 'grade']).where('id', '=', id).executeTakeFirst();
        if (!current) throw notFound('Class not found');
        await assertTeacherExists(trx, body.teacher_id);
        await assertClassNameFree(trx, body.name, body.grade, id);
        await trx
          .updateTable('classes')
          .set({ name: body.name.trim(), description: body.description, teacher_id: body.teacher_id, grade: body.grade })
          .where('id', '=', id)
          .execute();
        if (current.grade !== body.grade) {
          await unassignGradeFromClass(trx, id, current.grade);
          await assignGradeStudentsToClass(trx, id, body.grade);
        }
      }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw conflict(duplicateClassNameMessage(body.name.trim(), body.grade));
        throw err;
      });
      return toClassDto(await loadClass(app.db, id));
    },
  );

  app.delete('/classes', { preHandler: admin, schema: { tags, summary: 'Delete a class and everything below it', querystring: idQuerySchema } }, async (request) => {
    const { id } = request.query as IdQuery;
    await app.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('classes').where('id', '=', id).returning('id').executeTakeFirst();
      if (!gone) throw notFound('Class not found');
      await deleteOrphanForumRows(trx);
    });
    return { message: 'Class deleted successfully' };
  });

  const rosterQuerySchema = {
    type: 'object',
    required: ['id'],
    properties: {
      id: idSchema,
      page: { type: 'string' },
      pageSize: { type: 'string' },
      search: { type: 'string', maxLength: 100 },
      sortByNIS: { type: 'string' },
    },
  } as const;

  /** One page of a class's students (search on name or NIS; NIS ascending unless sortByNIS=false... always stable). */
  async function rosterPage(trx: Db, classId: number, query: Record<string, unknown>) {
    const paging = parsePaging(query);
    const search = queryText(query.search);
    const direction = query.sortByNIS === undefined || queryFlag(query.sortByNIS) ? 'asc' : 'desc';
    let q = trx
      .selectFrom('assigned_students_class')
      .innerJoin('students', 'students.id', 'assigned_students_class.student_id')
      .where('assigned_students_class.class_id', '=', classId);
    if (search) q = q.where((eb) => eb.or([containsInsensitive(eb.ref('students.name'), search), containsInsensitive(eb.ref('students.nis'), search)]));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('students')
      .orderBy('students.nis', direction)
      .orderBy('students.id', direction)
      .limit(paging.pageSize)
      .offset(paging.offset)
      .execute();
    return { rows, meta: pageMeta(paging, toCount(total)) };
  }

  /** One page of a class's roster for the admin or the class teacher (only the admin sees students' full details). */
  function loadRoster(request: FastifyRequest) {
    const query = request.query as IdQuery & Record<string, unknown>;
    return app.db.transaction().execute(async (trx) => {
      const cls = await loadClass(trx, query.id);
      if (!managesClass(request.user, placeOfClass(cls))) throw forbidden('Forbidden: only the teacher of this class or an admin');
      const { rows, meta } = await rosterPage(trx, cls.id, query);
      const full = seesPersonalData(request.user);
      return { cls, students: rows.map((r) => rosterStudent(r, full)), meta };
    });
  }

  app.get(
    '/classes/details',
    { preHandler: adminOrTeacher, schema: { tags, summary: 'A class with one page of its students (admin or the class teacher)', querystring: rosterQuerySchema } },
    async (request) => {
      const { cls, students, meta } = await loadRoster(request);
      const { student_count: _count, ...rest } = toClassDto(cls);
      return { classes: { ...rest, students }, meta };
    },
  );

  app.get(
    '/classes/students',
    { preHandler: adminOrTeacher, schema: { tags, summary: 'The roster of a class (People tab): admin or the class teacher', querystring: rosterQuerySchema } },
    async (request) => {
      const { students, meta } = await loadRoster(request);
      return { students, meta };
    },
  );

  app.post(
    '/classes/assign-students',
    { preHandler: admin, schema: { tags, summary: 'Assign students to a class; 409 when any is already assigned', body: assignBodySchema } },
    async (request) => {
      const body = request.body as AssignBody;
      const ids = [...new Set(body.student_id)];
      await app.db.transaction().execute(async (trx) => {
        const cls = await trx.selectFrom('classes').select('id').where('id', '=', body.id).executeTakeFirst();
        if (!cls) throw notFound('Class not found');
        const existing = await trx.selectFrom('students').select('id').where('id', 'in', ids).execute();
        const known = new Set(existing.map((s) => s.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length > 0) throw badRequest(`Unknown student ids: ${unknown.join(', ')}`);
        const already = await trx
          .selectFrom('assigned_students_class')
          .select('student_id')
          .where('class_id', '=', body.id)
          .where('student_id', 'in', ids)
          .orderBy('student_id')
          .execute();
        if (already.length > 0) {
          const list = already.map((a) => a.student_id);
          throw conflict(`Students already assigned to this class: ${list.join(', ')}`, { student_id: list });
        }
        await trx
          .insertInto('assigned_students_class')
          .values(ids.map((student_id) => ({ student_id, class_id: body.id })))
          .execute();
      });
      return { message: 'Students assigned successfully' };
    },
  );

  const unassign = async (request: FastifyRequest) => {
    const body = request.body as AssignBody;
    await app.db.transaction().execute(async (trx) => {
      const cls = await trx.selectFrom('classes').select('id').where('id', '=', body.id).executeTakeFirst();
      if (!cls) throw notFound('Class not found');
      await trx.deleteFrom('assigned_students_class').where('class_id', '=', body.id).where('student_id', 'in', body.student_id).execute();
    });
    return { message: 'Students unassigned successfully' };
  };
  const unassignOptions = {
    preHandler: admin,
    schema: { tags, summary: 'Unassign students (DELETE with a body, or POST); an empty list is refused', body: assignBodySchema },
  };
  app.delete('/classes/unassign-students', unassignOptions, unassign);
  app.post('/classes/unassign-students', unassignOptions, unassign);

  app.get(
    '/classes/class-id',
    {
      preHandler: adminOrTeacher,
      schema: {
        tags,
        summary: 'The first class (by id) of a teacher in a grade: {class_id|null, total}',
        querystring: {
          type: 'object',
          required: ['grade', 'teacher_id'],
          properties: { grade: { type: 'integer' }, teacher_id: idSchema },
        },
      },
    },
    async (request) => {
      const { grade, teacher_id } = request.query as { grade: number; teacher_id: number };
      if (!looksUpTeacherClasses(request.user, teacher_id)) throw forbidden('Forbidden: teachers may only look up their own classes');
      const rows = await app.db
        .selectFrom('classes')
        .select('id')
        .where('grade', '=', grade)
        .where('teacher_id', '=', teacher_id)
        .orderBy('id')
        .execute();
      return { class_id: rows.length > 0 ? rows[0].id : null, total: rows.length };
    },
  );

  app.get(
    '/classes/assigned',
    {
      preHandler: app.requireRole('student', 'admin'),
      schema: {
        tags,
        summary: 'Classes a student is assigned to (that student or admin); [] when none',
        querystring: { type: 'object', required: ['id'], properties: { id: idSchema, page: { type: 'string' }, pageSize: { type: 'string' } } },
        response: classListResponse,
      },
    },
    async (request) => {
      const { id } = request.query as IdQuery;
      if (!listsStudentClasses(request.user, id)) throw forbidden('Forbidden: students may only see their own classes');
      const paging = parsePaging(request.query);
      // One prepared statement, the total riding on each row (read on every student dashboard).
      const rows = await preparedRead<ClassQueryRow & { total: unknown }>(app.db, CLASSES_OF_STUDENT_SQL)([id, paging.pageSize, paging.offset]);
      const total = rows.length > 0 ? rows[0].total
        : paging.offset === 0 ? 0 : (await preparedRead<{ n: unknown }>(app.db, COUNT_CLASSES_OF_STUDENT_SQL)([id]))[0]?.n;
      return {
        classes: rows.map((r) => ({ ...toClassDto(r), class_id: r.id })),
        meta: pageMeta(paging, toCount(total)),
      };
    },
  );

  app.get(
    '/classes/mine',
    { preHandler: app.requireRole('teacher'), schema: { tags, summary: 'The signed-in teacher’s classes (all grades)' } },
    async (request) => {
      const teacherId = request.user.teacher_id;
      if (teacherId === undefined) return { classes: [] };
      const rows = await classesQuery(app.db).where('classes.teacher_id', '=', teacherId).orderBy('classes.id').execute();
      return { classes: rows.map(toClassDto) };
    },
  );
}
