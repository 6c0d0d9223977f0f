import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { normalizeStatus } from '@kelasku/shared-rules';
import { createdTeacherSchema, teacherSchema } from '@kelasku/shared-rules/src/wire/people';
import { toTeacherDto, type TeacherInput } from '../../domain/repo/profiles';
import { MAX_PICT_CHARS } from '../../domain/limits';
import {
  createTeacher,
  deleteTeacher,
  listTeachers,
  replaceTeacher,
  resetTeacherPassword,
  setTeacherActive,
} from '../../domain/repo/teachers';
import { requireSchoolId } from '../../domain/school-ids';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { registerProfileActions } from '../profile-actions';
import {
  idQuerySchema,
  nullable,
  pageMeta,
  pageMetaSchema,
  pagingProperties,
  parsePaging,
  profilePicture,
  queryFlag,
  queryText,
  UPDATE_METHODS,
} from '../helpers';

const teacherBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  nip: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }), // spaces between the digits are taken out (normalizeSchoolId)
  specialization: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  status: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
  phone_number: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
  profile_picture_url: Type.Optional(nullable(Type.String({ maxLength: MAX_PICT_CHARS }))),
});

const listQuerySchema = Type.Object({
  ...pagingProperties,
  specialization: Type.Optional(Type.String({ maxLength: 100 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  searchNIP: Type.Optional(Type.String({ maxLength: 100 })),
  sortByNIP: Type.Optional(Type.String()),
});

async function cleanInput(body: Static<typeof teacherBodySchema>): Promise<TeacherInput> {
  return {
    name: body.name.trim(),
    nip: requireSchoolId(body.nip, 'nip'),
    specialization: body.specialization.trim(),
    status: normalizeStatus(body.status),
    phone_number: body.phone_number ?? null,
    profile_picture_url: await profilePicture(body.profile_picture_url),
  };
}

export default async function teachersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['teachers'];

  app.get(
    '/teachers',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'List teachers (admin); items under `students` (as the original API) and `teachers`',
        querystring: listQuerySchema,
        response: {
          200: Type.Object({
            students: Type.Array(teacherSchema),
            teachers: Type.Array(teacherSchema),
            meta: pageMetaSchema,
          }),
        },
      },
    },
    async (request) => {
      const { query } = request;
      const paging = parsePaging(query);
      const { rows, total } = await listTeachers(
        app.db,
        {
          // The original client does not URL-encode it: "Art & Culture" arrives as "Art " — trim, and accept it as a prefix.
          specialization: queryText(query.specialization),
          search: queryText(query.search),
          searchNip: queryText(query.searchNIP),
          ascending: queryFlag(query.sortByNIP),
        },
        { limit: paging.pageSize, offset: paging.offset },
      );
      const items = rows.map(toTeacherDto);
      return { students: items, teachers: items, meta: pageMeta(paging, total) };
    },
  );

  app.post(
    '/teachers',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create a teacher and their login (username = NIP); returns initial_password once',
        body: teacherBodySchema,
        response: { 200: createdTeacherSchema },
      },
    },
    async (request) => {
      const input = await cleanInput(request.body);
      const initial_password = generateInitialPassword();
      const row = await createTeacher(app.db, input, await hashPassword(initial_password));
      return { ...toTeacherDto(row), initial_password };
    },
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/teachers',
    preHandler: admin,
    schema: {
      tags,
      summary: 'Replace a teacher (admin)',
      querystring: idQuerySchema,
      body: teacherBodySchema,
      response: { 200: teacherSchema },
    },
    handler: async (request) =>
      toTeacherDto(await replaceTeacher(app.db, request.query.id, await cleanInput(request.body))),
  });

  registerProfileActions(app, {
    resource: 'teachers',
    noun: 'teacher',
    keeps: 'classes, work and names',
    deleteSummary:
      'Delete a teacher and their login; 409 (listing `classes`) while they teach classes. Work they wrote in other classes stays with the class teacher',
    profileSchema: teacherSchema,
    remove: (id) => deleteTeacher(app.db, id),
    setActive: async (id, active) => toTeacherDto(await setTeacherActive(app.db, id, active)),
    resetPassword: (id, passwordHash) => resetTeacherPassword(app.db, id, passwordHash),
  });
}
