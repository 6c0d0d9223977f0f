/** Classes as the API shows them (server/src/domain/repo/classes.ts ClassView). */
import { Type } from 'typebox';
import { studentSchema } from './people';

/**
 * A class as lists show it: its teacher's name ('' without one) and its number of students; `archived_at` (RFC 3339)
 * when an admin archived it (read-only, listed only for admins), else null.
 */
export const classFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  teacher_id: Type.Integer(),
  teacher_name: Type.String(),
  grade: Type.Integer(),
  student_count: Type.Integer(),
  // always sent by this server; optional for the clients and fixtures written before archiving existed
  archived_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
};

/** GET /classes/delete-impact: what deleting a class takes with it, counted in one read. */
export const classImpactSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  grade: Type.Integer(),
  archived_at: Type.Union([Type.String(), Type.Null()]),
  students: Type.Integer(),
  materials: Type.Integer(),
  exercises: Type.Integer(),
  exams: Type.Integer(),
  answer_sheets: Type.Integer(),
  grades: Type.Integer(),
  discussions: Type.Integer(),
});

export const classSchema = Type.Object(classFields);

/** GET /classes/assigned: a student's class, its id also as class_id. */
export const assignedClassSchema = Type.Object(
  { ...classFields, class_id: Type.Integer() },
  { additionalProperties: true },
);

const { student_count: _count, ...classWithoutCount } = classFields;

/** GET /classes/details: the class (without its count) with one page of its students. */
export const classDetailSchema = Type.Object({ ...classWithoutCount, students: Type.Array(studentSchema) });
