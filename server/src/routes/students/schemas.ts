/** Request and reply schemas for /students (TypeBox: they also document the API at /api/docs). */
import { MAX_IMPORT_ROWS, STUDENT_GRADES } from '@kelasku/shared-rules';
import { people } from '@kelasku/shared-rules/src/wire';
import { Type } from 'typebox';
import { MAX_PICT_CHARS } from '../../domain/limits';
import { nullable, pageMetaSchema, pagingProperties } from '../helpers';

export const studentBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  nis: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }), // spaces between the digits are taken out (normalizeSchoolId)
  grade: Type.Enum([...STUDENT_GRADES], { type: 'integer' }),
  status: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
  phone_number: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
  curr_score: Type.Optional(nullable(Type.Integer())),
  profile_picture_url: Type.Optional(nullable(Type.String({ maxLength: MAX_PICT_CHARS }))),
});

/** Whether new students join every class of their grade; absent = true (what older clients rely on). */
const joinClassesProperty = Type.Optional(
  Type.Boolean({ description: 'join every class of the grade (default true)' }),
);

export const studentCreateBodySchema = Type.Object({
  ...studentBodySchema.properties,
  join_classes: joinClassesProperty,
});

export const studentListQuerySchema = Type.Object({
  ...pagingProperties,
  grade: Type.Optional(Type.Integer()),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  searchNIS: Type.Optional(Type.String({ maxLength: 100 })),
  sortByNIS: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
});

export const importBodySchema = Type.Object({
  rows: Type.Array(Type.Unsafe<Record<string, unknown>>({ type: 'object' }), {
    minItems: 1,
    maxItems: MAX_IMPORT_ROWS,
  }),
  dry_run: Type.Optional(Type.Boolean()),
  join_classes: joinClassesProperty,
});

export const gradeMigrateBodySchema = Type.Object({ migrate: Type.Enum(['up', 'down'], { type: 'string' }) });

/** A student, and a new one with the login's initial password (shown once): shared-rules/src/wire/people.ts. */
export const { studentSchema, initialPasswordFields, createdStudentSchema } = people;

/**
 * GET /students/details: the full record for admins, only id, name and grade for others. Every field optional: the
 * serializer writes required fields first, and the reply keeps the order of studentSchema's fields.
 */
export const studentDetailsSchema = Type.Partial(studentSchema);

export const studentListResponse = { 200: Type.Object({ students: Type.Array(studentSchema), meta: pageMetaSchema }) };

/** A refused import is a 400 listing every problem; an accepted one lists the students created (none on a dry run). */
export const importResponse = { 200: people.importResultSchema };
