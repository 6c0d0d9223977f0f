import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { classDetailSchema, classImpactSchema, classSchema } from '@kelasku/shared-rules/src/wire/classes';
import { studentSchema } from '@kelasku/shared-rules/src/wire/people';
import { type Role, STUDENT_GRADES } from '@kelasku/shared-rules';
import type { Db } from '../../db/connect';
import { toStudentDto } from '../../domain/repo/profiles';
import type { StudentRow } from '../../db/schema';
import {
  changesRosters,
  isAdmin,
  listsStudentClasses,
  looksUpTeacherClasses,
  managesClass,
  placeOfClass,
  seesPersonalData,
  type Caller,
} from '../../domain/policy';
import {
  archiveClass,
  archivedClassesOfStudent,
  assignStudents,
  classesOfStudent,
  classesTaughtBy,
  classImpact,
  classWithRoster,
  createClass,
  deleteClass,
  firstClassOfTeacher,
  listClasses,
  replaceClass,
  restoreClass,
  unassignStudents,
  type ClassInput,
} from '../../domain/repo/classes';
import { forbidden } from '../../plugins/errors';
import {
  idQuerySchema,
  idSchema,
  messageResponse,
  nullable,
  pageMeta,
  pageMetaSchema,
  pagingProperties,
  parsePaging,
  queryFlag,
  queryText,
  UPDATE_METHODS,
} from '../helpers';
import { classListResponse } from '../read-schemas';
import rosterChangeRoutes from './roster-changes';

const classBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  description: Type.String({ maxLength: 5000 }),
  teacher_id: idSchema,
  grade: Type.Enum([...STUDENT_GRADES], { type: 'integer' }),
});

const classCreateBodySchema = Type.Object({
  ...classBodySchema.properties,
  enrol_all: Type.Optional(Type.Boolean({ description: 'add every student of the grade (default true)' })),
});

const assignBodySchema = Type.Object({
  id: idSchema,
  student_id: Type.Array(idSchema, { minItems: 1, maxItems: 5000 }),
});

const rosterQuerySchema = Type.Object({
  id: idSchema,
  ...pagingProperties,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  sortByNIS: Type.Optional(Type.String()),
});

function classInput(body: Static<typeof classBodySchema>): ClassInput {
  return { name: body.name.trim(), description: body.description, teacher_id: body.teacher_id, grade: body.grade };
}

/** What a teacher sees of a student on a roster (contact details stay with admins). */
function rosterStudent(row: StudentRow & { deactivated_at?: Date | string | null }, full: boolean) {
  const { active, ...dto } = toStudentDto(row);
  // a teacher's roster holds only the class's members: `active` would say nothing there
  return full
    ? { ...dto, active }
    : { ...dto, phone_number: null, curr_score: null, profile_picture_url: null, user_id: '' };
}

/** One page of a class's roster for the admin or the class teacher (only the admin sees students' full details). */
async function loadRoster(db: Db, user: Caller, query: Static<typeof rosterQuerySchema>) {
  const paging = parsePaging(query);
  // NIS ascending unless sortByNIS says otherwise. The admin, who changes rosters, also sees the deactivated
  // students still assigned (marked inactive); everyone else sees the class's members (repo/members.ts).
  const filter = {
    search: queryText(query.search),
    ascending: query.sortByNIS === undefined || queryFlag(query.sortByNIS),
    withDeactivated: changesRosters(user),
  };
  const { cls, students, total } = await classWithRoster(
    db,
    query.id,
    filter,
    { limit: paging.pageSize, offset: paging.offset },
    (c) => {
      if (!managesClass(user, placeOfClass(c)))
        throw forbidden('Forbidden: only the teacher of this class or an admin');
    },
  );
  const full = seesPersonalData(user);
  return { cls, students: students.map((r) => rosterStudent(r, full)), meta: pageMeta(paging, total) };
}

const tags = ['classes'];

/** Every /classes route, in groups of one concern each. */
export default async function classesRoutes(fastify: FastifyInstance) {
  classRecordRoutes(fastify);
  classLifeRoutes(fastify);
  rosterRoutes(fastify);
  classLookupRoutes(fastify);
  await rosterChangeRoutes(fastify);
}

/** The classes themselves: the list, and an admin's create, replace and delete. */
function classRecordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');

  app.get(
    '/classes',
    {
      schema: {
        tags,
        summary:
          'List the classes in use (any signed-in user), optional grade filter, ordered by id; archived=1: the archived ones (admin)',
        querystring: Type.Object({
          ...pagingProperties,
          grade: Type.Optional(Type.Integer()),
          archived: Type.Optional(
            Type.String({ maxLength: 5, description: '1/true: only the archived classes (admins only)' }),
          ),
        }),
        response: { 200: Type.Object({ classes: Type.Array(classSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => {
      const paging = parsePaging(request.query);
      const archived = request.query.archived !== undefined && queryFlag(request.query.archived);
      if (archived && !isAdmin(request.user)) throw forbidden('Forbidden: only admins list archived classes');
      const { classes, total } = await listClasses(
        app.db,
        request.query.grade,
        { limit: paging.pageSize, offset: paging.offset },
        archived,
      );
      return { classes, meta: pageMeta(paging, total) };
    },
  );

  app.post(
    '/classes',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Create a class; every student of its grade is assigned to it unless enrol_all is false; 409 when its grade already has a class of that name',
        body: classCreateBodySchema,
        response: { 200: classSchema },
      },
    },
    async (request) => createClass(app.db, classInput(request.body), request.body.enrol_all !== false),
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/classes',
    preHandler: admin,
    schema: {
      tags,
      summary: 'Replace a class; a grade change moves its grade-assigned students',
      querystring: idQuerySchema,
      body: classBodySchema,
      response: { 200: classSchema },
    },
    handler: async (request) => replaceClass(app.db, request.query.id, classInput(request.body)),
  });

  app.delete(
    '/classes',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Delete a class and everything below it',
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await deleteClass(app.db, request.query.id);
      return { message: 'Class deleted successfully' };
    },
  );
}

/** What deleting a class would take, and archiving and restoring it (admin). */
function classLifeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');

  app.get(
    '/classes/delete-impact',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'What deleting a class takes with it: students on its roster, materials, exercises, exams, answer sheets, grades, discussions (admin)',
        querystring: idQuerySchema,
        response: { 200: classImpactSchema },
      },
    },
    async (request) => classImpact(app.db, request.query.id),
  );

  app.post(
    '/classes/archive',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Archive a class: read-only, hidden from its teacher and students, its name free again; kept for reports (admin)',
        querystring: idQuerySchema,
        response: { 200: classSchema },
      },
    },
    async (request) => archiveClass(app.db, request.query.id),
  );

  app.post(
    '/classes/restore',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Bring an archived class back into use; 409 while another class of its grade holds its name (admin)',
        querystring: idQuerySchema,
        response: { 200: classSchema },
      },
    },
    async (request) => restoreClass(app.db, request.query.id),
  );
}

/** A class's roster: read by the admin or its teacher, changed by the admin. */
function rosterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');
  const adminOrTeacher = app.requireRole('teacher', 'admin');

  app.get(
    '/classes/details',
    {
      preHandler: adminOrTeacher,
      schema: {
        tags,
        summary: 'A class with one page of its students (admin or the class teacher)',
        querystring: rosterQuerySchema,
        response: { 200: Type.Object({ classes: classDetailSchema, meta: pageMetaSchema }) },
      },
    },
    async (request) => {
      const { cls, students, meta } = await loadRoster(app.db, request.user, request.query);
      const { student_count: _students, ...rest } = cls;
      return { classes: { ...rest, students }, meta };
    },
  );

  app.get(
    '/classes/students',
    {
      preHandler: adminOrTeacher,
      schema: {
        tags,
        summary: 'The roster of a class (People tab): admin or the class teacher',
        querystring: rosterQuerySchema,
        response: { 200: Type.Object({ students: Type.Array(studentSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => {
      const { students, meta } = await loadRoster(app.db, request.user, request.query);
      return { students, meta };
    },
  );

  app.post(
    '/classes/assign-students',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Assign students to a class; 409 when any is already assigned',
        body: assignBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await assignStudents(app.db, request.body.id, request.body.student_id);
      return { message: 'Students assigned successfully' };
    },
  );

  for (const method of ['DELETE', 'POST'] as const) {
    app.route({
      method,
      url: '/classes/unassign-students',
      preHandler: admin,
      schema: {
        tags,
        summary: 'Unassign students (DELETE with a body, or POST); an empty list is refused',
        body: assignBodySchema,
        response: messageResponse,
      },
      handler: async (request) => {
        await unassignStudents(app.db, request.body.id, request.body.student_id);
        return { message: 'Students unassigned successfully' };
      },
    });
  }
}

/** Whose classes: a teacher's first of a grade, a student's, the signed-in teacher's. */
function classLookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const adminOrTeacher = app.requireRole('teacher', 'admin');

  app.get(
    '/classes/class-id',
    {
      preHandler: adminOrTeacher,
      schema: {
        tags,
        summary: 'The first class (by id) of a teacher in a grade: {class_id|null, total}',
        querystring: Type.Object({ grade: Type.Integer(), teacher_id: idSchema }),
        response: { 200: Type.Object({ class_id: nullable(Type.Integer()), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const { grade, teacher_id } = request.query;
      if (!looksUpTeacherClasses(request.user, teacher_id))
        throw forbidden('Forbidden: teachers may only look up their own classes');
      return firstClassOfTeacher(app.db, teacher_id, grade);
    },
  );

  const studentClassReaders: Role[] = ['student', 'admin'];
  app.get(
    '/classes/assigned',
    {
      // the list's own statement checks the session (readWithSession)
      config: { session: 'in-statement' },
      schema: {
        tags,
        summary:
          'Classes in use a student is assigned to (that student or admin); [] when none; archived=1: the archived ones they were in',
        querystring: Type.Object({
          id: idSchema,
          ...pagingProperties,
          archived: Type.Optional(Type.String({ maxLength: 5 })),
        }),
        response: classListResponse,
      },
    },
    (request) =>
      app.readWithSession(request, studentClassReaders, async (user) => {
        const { id } = request.query;
        if (!listsStudentClasses(user, id)) throw forbidden('Forbidden: students may only see their own classes');
        const paging = parsePaging(request.query);
        if (request.query.archived !== undefined && queryFlag(request.query.archived)) {
          await app.confirmSession(request, undefined);
          const past = await archivedClassesOfStudent(app.db, id, { limit: paging.pageSize, offset: paging.offset });
          return { classes: past.classes.map((c) => ({ ...c, class_id: c.id })), meta: pageMeta(paging, past.total) };
        }
        const { classes, total, session } = await classesOfStudent(
          app.db,
          id,
          { limit: paging.pageSize, offset: paging.offset },
          user.user_id,
        );
        await app.confirmSession(request, session);
        return { classes: classes.map((c) => ({ ...c, class_id: c.id })), meta: pageMeta(paging, total) };
      }),
  );

  app.get(
    '/classes/mine',
    {
      preHandler: app.requireRole('teacher'),
      schema: {
        tags,
        summary: 'The signed-in teacher’s classes (all grades)',
        response: { 200: Type.Object({ classes: Type.Array(classSchema) }) },
      },
    },
    async (request) => {
      const teacherId = request.user.teacher_id;
      return { classes: teacherId === undefined ? [] : await classesTaughtBy(app.db, teacherId) };
    },
  );
}
