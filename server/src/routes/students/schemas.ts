/** Request schemas for /students (they also document the API at /api/docs). */
import { MAX_IMPORT_ROWS, STUDENT_GRADES } from '@kelasku/shared-rules';
import { MAX_PICT_CHARS } from '../../domain/limits';

export const GRADES = STUDENT_GRADES;

export const studentBodySchema = {
  type: 'object',
  required: ['name', 'nis', 'grade', 'status'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    nis: { type: 'string', minLength: 1, maxLength: 50, pattern: '^\\s*\\S+\\s*$' },
    grade: { type: 'integer', enum: [...GRADES] },
    status: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
    phone_number: { type: ['string', 'null'], maxLength: 50 },
    curr_score: { type: ['integer', 'null'] },
    profile_picture_url: { type: ['string', 'null'], maxLength: MAX_PICT_CHARS },
  },
} as const;

/** Whether new students join every class of their grade; absent = true (what older clients rely on). */
const joinClassesProperty = { type: 'boolean', description: 'join every class of the grade (default true)' } as const;

export const studentCreateBodySchema = {
  ...studentBodySchema,
  properties: { ...studentBodySchema.properties, join_classes: joinClassesProperty },
} as const;

export const studentListQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'string' },
    pageSize: { type: 'string' },
    grade: { type: 'integer' },
    search: { type: 'string', maxLength: 100 },
    searchNIS: { type: 'string', maxLength: 100 },
    sortByNIS: { type: 'string' },
    id: { type: 'string' },
  },
} as const;

export const importBodySchema = {
  type: 'object',
  required: ['rows'],
  properties: {
    rows: { type: 'array', minItems: 1, maxItems: MAX_IMPORT_ROWS, items: { type: 'object' } },
    dry_run: { type: 'boolean' },
    join_classes: joinClassesProperty,
  },
} as const;

export const gradeMigrateBodySchema = {
  type: 'object',
  required: ['migrate'],
  properties: { migrate: { type: 'string', enum: ['up', 'down'] } },
} as const;
