/** Discussions as the API shows them (server/src/domain/repo/forum.ts toItem): each with its replies. */
import { Type } from 'typebox';
import { nullable } from './common';

/** One reply: a student's, or (material discussions) the class teacher's. */
export const replySchema = Type.Object({
  id: Type.String(),
  student_id: nullable(Type.Integer({ description: "null for a teacher's reply" })),
  teacher_id: Type.Optional(Type.Integer({ description: "set on a teacher's reply" })),
  role: Type.Enum(['student', 'teacher'], { type: 'string' }),
  name: Type.String(),
  reply: Type.String(),
  time: Type.String(),
});

export const discussionSchema = Type.Object({
  id: Type.Integer(),
  student_id: nullable(Type.Integer({ description: "null when the author's account was deleted" })),
  student_name: Type.String(),
  material_id: Type.Optional(Type.Integer({ description: 'material discussions only' })),
  topic: Type.String(),
  description: Type.String(),
  created_at: Type.String(),
  replies: Type.Array(replySchema),
});

/** A class's material discussions without a teacher's answer: per material, the number of such topics. */
export const unansweredSchema = Type.Object({
  materials: Type.Array(
    Type.Object({
      material_id: Type.Integer(),
      unanswered: Type.Integer({ minimum: 1, description: 'topics of this material no teacher has replied to' }),
    }),
    { description: 'materials with at least one such topic, by id' },
  ),
  total: Type.Integer({ description: 'all such topics of the class' }),
});

/** The same count over every class the teacher teaches now (the teacher dashboard's reminder). */
export const unansweredOfTeacherSchema = Type.Object({
  classes: Type.Array(
    Type.Object({
      class_id: Type.Integer(),
      name: Type.String(),
      grade: Type.Integer(),
      unanswered: Type.Integer({
        minimum: 1,
        description: "topics of the class's materials no teacher has replied to",
      }),
    }),
    { description: 'classes with at least one such topic, by grade and name' },
  ),
  total: Type.Integer({ description: "all such topics of the teacher's classes" }),
});
