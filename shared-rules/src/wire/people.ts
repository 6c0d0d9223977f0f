/** Students, teachers and accounts as the API shows them (server/src/domain/repo/profiles.ts toStudentDto, toTeacherDto). */
import { Type } from 'typebox';
import { nullable } from './common';

/** A student; `active` only where the login state was read. */
export const studentFields = {
  id: Type.Integer(),
  name: Type.String(),
  nis: Type.String(),
  phone_number: nullable(Type.String()),
  grade: Type.Integer(),
  curr_score: nullable(Type.Number()),
  status: Type.String(),
  profile_picture_url: nullable(Type.String()),
  /** the login's id as text, '' without a login */
  user_id: Type.String(),
  active: Type.Optional(Type.Boolean({ description: 'false while the login is deactivated (admin lists)' })),
};

export const studentSchema = Type.Object(studentFields);

/** Added once, to the reply that created the login (and to a password reset's). */
export const initialPasswordFields = { initial_password: Type.String({ description: 'shown once' }) };

/** A new student as created: the profile and, once, the login's initial password. */
export const createdStudentSchema = Type.Object({ ...studentFields, ...initialPasswordFields });

/** A teacher; `active` only where the login state was read. */
export const teacherFields = {
  id: Type.Integer(),
  name: Type.String(),
  nip: Type.String(),
  phone_number: nullable(Type.String()),
  specialization: Type.String(),
  status: Type.String(),
  profile_picture_url: nullable(Type.String()),
  /** the login's id as text, '' without a login */
  user_id: Type.String(),
  active: Type.Optional(Type.Boolean({ description: 'false while the login is deactivated (admin lists)' })),
};

export const teacherSchema = Type.Object(teacherFields);

export const createdTeacherSchema = Type.Object({ ...teacherFields, ...initialPasswordFields });

/** An account as the API shows it: `password` is always "". */
export const userSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  password: Type.Literal(''),
  role: Type.String(),
  display_name: Type.String(),
});

/** One refused row of a student import. */
/** One problem of a refused import's row: the English message, and its error code with the values it holds (student-import.ts). */
export const importErrorSchema = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
});

/** A refused import is a 400 listing every problem; an accepted one lists the students created (none on a dry run). */
export const importResultSchema = Type.Object({
  created: Type.Integer(),
  errors: Type.Array(importErrorSchema),
  students: Type.Array(createdStudentSchema),
  valid: Type.Optional(Type.Integer({ description: 'dry run: how many rows would be created' })),
});
