/** Reply schemas of the discussion writes (forum-routes.ts); the shapes are shared-rules/src/wire/discussions.ts. */
import { discussions } from '@kelasku/shared-rules/src/wire';
import type { Equals, Expect } from '@kelasku/shared-rules/src/wire/common';
import { Type, type Static } from 'typebox';
import type { DiscussionItem } from '../domain/repo/forum';

/**
 * One discussion as the writes reply with it (domain/repo/forum.ts toItem). Every field optional: the serializer
 * writes required fields first, and the reply keeps toItem's order (material_id, teacher_id where they apply).
 */
export const discussionResponse = {
  200: Type.Partial(
    Type.Object({
      ...discussions.discussionSchema.properties,
      replies: Type.Array(Type.Partial(discussions.replySchema)),
    }),
  ),
};

/** What the repository builds is what the wire describes (the loose reply schemas above would not notice a change). */
export type DiscussionMatches = Expect<Equals<DiscussionItem, Static<typeof discussions.discussionSchema>>>;
