/** A material as the API shows it (server/src/domain/repo/materials.ts MaterialView): with its exercise's id, null without one. */
import { Type } from 'typebox';
import { nullable } from './common';

export const materialSchema = Type.Object({
  id: Type.Integer(),
  class_id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  content: Type.String(),
  teacher_id: Type.Integer(),
  exercise_id: nullable(Type.Integer()),
});
