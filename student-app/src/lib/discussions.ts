import { queryOptions } from '@tanstack/react-query';
import type { Discussion, DiscussionInput, Meta } from '@kelasku/shared-api';

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
