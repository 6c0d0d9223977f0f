import { queryOptions } from '@tanstack/react-query';
import { discussionsApi, materialDiscussionsApi, type Discussion, type DiscussionInput, type Meta } from '@kelasku/shared-api';

/** Where a board's questions live: the general forum or one material's discussion (same shapes). */
export interface DiscussionSource {
  kind: 'general' | 'material';
  /** The query-key root of this board's pages: invalidated after every question, edit, deletion and reply. */
  key: readonly unknown[];
  list: (page: number, pageSize: number) => Promise<{ discussions: Discussion[]; meta: Meta }>;
  create: (body: DiscussionInput) => Promise<unknown>;
  update: (id: number, body: DiscussionInput) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Appends a reply; answers with the whole discussion. */
  reply: (id: number, text: string) => Promise<Discussion>;
}

export const discussionKeys = {
  all: ['discussions'] as const,
  group: () => [...discussionKeys.all, 'group'] as const,
  material: (materialId: number) => [...discussionKeys.all, 'material', materialId] as const,
};

/** One page of a board's questions. */
export const discussionPageQuery = (source: DiscussionSource, page: number, pageSize: number) =>
  queryOptions({ queryKey: [...source.key, page, pageSize], queryFn: () => source.list(page, pageSize) });

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

/** One material's question board (Material Discussions). */
export const materialDiscussions = (materialId: number): DiscussionSource => ({
  kind: 'material',
  key: discussionKeys.material(materialId),
  list: (page, pageSize) => materialDiscussionsApi.list(materialId, page, pageSize),
  create: (body) => materialDiscussionsApi.create(materialId, body),
  update: (id, body) => materialDiscussionsApi.update(id, materialId, body),
  remove: (id) => materialDiscussionsApi.remove(id),
  reply: (id, text) => materialDiscussionsApi.reply(id, text),
});
