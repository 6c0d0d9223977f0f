/** Reports of discussion posts and replies as the API shows them (server/src/domain/repo/reports.ts). */
import { Type } from 'typebox';
import { nullable } from './common';

/** A stored report (reply_id null when the post itself was reported): POST /reports answers it. */
export const reportFields = {
  id: Type.Integer(),
  kind: Type.Enum(['general', 'material'], { type: 'string' }),
  discussion_id: Type.Integer(),
  reply_id: nullable(Type.String()),
  reporter_id: Type.Integer(),
  reason: nullable(Type.String({ description: "the reporting student's reason, null when none was given" })),
  created_at: Type.String({ format: 'date-time' }),
};

// The list keeps its fields in the order it always sent them: reason and created_at after the names.
const { reason, created_at, ...reportIds } = reportFields;

/** A report as the admin's list shows it: names, the reported text, and where it was posted (null for the group discussion). */
export const reportListItemSchema = Type.Object({
  ...reportIds,
  reporter_name: Type.String(),
  author_name: Type.String(),
  topic: Type.String(),
  message: Type.String(),
  reason,
  class_id: nullable(Type.Integer()),
  class_name: nullable(Type.String()),
  material_id: nullable(Type.Integer()),
  material_title: nullable(Type.String()),
  created_at,
});
