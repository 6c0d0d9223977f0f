import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { normalizeStatus } from '@kelasku/shared-rules';
import { toStudentDto, type StudentInput } from '../../domain/repo/profiles';
import { seesPersonalData } from '../../domain/policy';
import type { RouteGuard } from '../../plugins/auth';
import {
  createStudent,
  deleteStudent,
  findStudent,
  listStudents,
  migrateGrades,
  replaceStudent,
  resetStudentPassword,
  setStudentActive,
} from '../../domain/repo/students';
import { requireSchoolId } from '../../domain/school-ids';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { idQuerySchema, pageMeta, parsePaging, profilePicture, queryFlag, queryText, UPDATE_METHODS } from '../helpers';
import { registerProfileActions } from '../profile-actions';
import { importStudents } from './import';
import {
  createdStudentSchema,
  gradeMigrateBodySchema,
  importBodySchema,
  importResponse,
  studentBodySchema,
  studentCreateBodySchema,
  studentDetailsSchema,
  studentListQuerySchema,
  studentListResponse,
  studentSchema,
} from './schemas';

async function cleanInput(body: Static<typeof studentBodySchema>): Promise<StudentInput> {
  return {
    name: body.name.trim(),
    nis: requireSchoolId(body.nis, 'nis'),
    grade: body.grade,
    status: normalizeStatus(body.status),
    phone_number: body.phone_number ?? null,
    curr_score: body.curr_score ?? null,
    profile_picture_url: await profilePicture(body.profile_picture_url),
  };
}

const tags = ['students'];

export default async function studentsRoutes(fastify: FastifyInstance) {
  const admin = fastify.requireRole('admin');
  registerStudentRecords(fastify, admin);
  registerStudentDetails(fastify);
  registerWholeSchoolChanges(fastify, admin);
}

/** The admin's records of students: list, create, replace, and the profile actions (delete, activate, reset). */
function registerStudentRecords(fastify: FastifyInstance, admin: RouteGuard) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/students',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'List students (admin). `id` is accepted and ignored (docs/api.md §2.2)',
        querystring: studentListQuerySchema,
        response: studentListResponse,
      },
    },
    async (request) => {
      const { query } = request;
      const paging = parsePaging(query);
      const filter = {
        grade: query.grade,
        search: queryText(query.search),
        searchNis: queryText(query.searchNIS),
        ascending: queryFlag(query.sortByNIS),
      };
      const { rows, total } = await listStudents(app.db, filter, { limit: paging.pageSize, offset: paging.offset });
      return { students: rows.map(toStudentDto), meta: pageMeta(paging, total) };
    },
  );

  app.post(
    '/students',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Create a student and their login (username = NIS); returns initial_password once; joins every class of the grade unless join_classes is false',
        body: studentCreateBodySchema,
        response: { 200: createdStudentSchema },
      },
    },
    async (request) => {
      const input = await cleanInput(request.body);
      const initial_password = generateInitialPassword();
      const row = await createStudent(
        app.db,
        input,
        await hashPassword(initial_password),
        request.body.join_classes !== false,
      );
      return { ...toStudentDto(row), initial_password };
    },
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/students',
    preHandler: admin,
    schema: {
      tags,
      summary: 'Replace a student (admin); unknown fields are ignored',
      querystring: idQuerySchema,
      body: studentBodySchema,
      response: { 200: studentSchema },
    },
    handler: async (request) =>
      toStudentDto(await replaceStudent(app.db, request.query.id, await cleanInput(request.body))),
  });

  registerProfileActions(app, {
    resource: 'students',
    noun: 'student',
    keeps: 'answers, grades and names',
    deleteSummary:
      'Delete a student and their login, answers, grades and replies; their posts go too, except those other students replied to (kept with those replies)',
    profileSchema: studentSchema,
    remove: (id) => deleteStudent(app.db, id),
    setActive: async (id, active) => toStudentDto(await setStudentActive(app.db, id, active)),
    resetPassword: (id, passwordHash) => resetStudentPassword(app.db, id, passwordHash),
  });
}

/** One student, as much of them as the caller may see. */
function registerStudentDetails(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/students/details',
    {
      schema: {
        tags,
        summary: 'One student: the full record for admins, {id, name, grade} for others',
        querystring: idQuerySchema,
        response: { 200: studentDetailsSchema },
      },
    },
    async (request) => {
      const row = await findStudent(app.db, request.query.id);
      return seesPersonalData(request.user) ? toStudentDto(row) : { id: row.id, name: row.name, grade: row.grade };
    },
  );
}

/** The admin's changes to many students at once: every grade up or down, and an import. */
function registerWholeSchoolChanges(fastify: FastifyInstance, admin: RouteGuard) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/students/grade-migrate',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Move every student one grade up or down, clamped to 10–12, in one transaction; assignments follow',
        body: gradeMigrateBodySchema,
        response: { 200: Type.Object({ message: Type.String(), moved: Type.Integer() }) },
      },
    },
    async (request) => {
      const moved = await migrateGrades(app.db, request.body.migrate === 'up' ? 1 : -1);
      return { message: 'All student grades migrated successfully', moved };
    },
  );

  app.post(
    '/students/import',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create many students at once (all or nothing); dry_run only validates',
        body: importBodySchema,
        response: importResponse,
      },
    },
    async (request) => {
      const { rows, dry_run, join_classes } = request.body;
      return importStudents(app.db, rows, { dryRun: dry_run === true, joinClasses: join_classes !== false });
    },
  );
}
