/** Discussions as the API shows them (server/src/domain/repo/forum.ts toItem): each with its replies. */
import { Type } from 'typebox';
import { nullable } from './common';

/** One reply: a student's, or (material discussions) the class teacher's. */
export const replySchema = Type.Object({
  id: Type.String(),
  student_id: nullable(Type.Integer({ description: 'null for a teacher\'s reply' })),
  teacher_id: Type.Optional(Type.Integer({ description: 'set on a teacher\'s reply' })),
  role: Type.Enum(['student', 'teacher'], { type: 'string' }),
  name: Type.String(),
  reply: Type.String(),
  time: Type.String(),
});

export const discussionSchema = Type.Object({
  id: Type.Integer(),
  student_id: nullable(Type.Integer({ description: 'null when the author\'s account was deleted' })),
  student_name: Type.String(),
  material_id: Type.Optional(Type.Integer({ description: 'material discussions only' })),
  topic: Type.String(),
  description: Type.String(),
  created_at: Type.String(),
  replies: Type.Array(replySchema),
});
