import { discussionsApi } from '@kelasku/shared-api';
import { discussionKeys, type DiscussionSource } from '../../lib/discussions';

/** The school-wide question board (Group Discussions). */
export const groupDiscussions: DiscussionSource = {
  kind: 'general',
  key: discussionKeys.group(),
  list: (page, pageSize) => discussionsApi.list(page, pageSize),
  create: (body) => discussionsApi.create(body),
  update: (id, body) => discussionsApi.update(id, body),
  remove: (id) => discussionsApi.remove(id),
  reply: (id, text) => discussionsApi.reply(id, text),
};
