import type { Discussion, DiscussionInput, Meta } from '@kelasku/shared-api';

/** Where a board's questions live: the general forum or one material's discussion (same shapes). */
export interface DiscussionSource {
  kind: 'general' | 'material';
  list: (page: number, pageSize: number) => Promise<{ discussions: Discussion[]; meta: Meta }>;
  create: (body: DiscussionInput) => Promise<unknown>;
  update: (id: number, body: DiscussionInput) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Appends a reply; answers with the whole discussion. */
  reply: (id: number, text: string) => Promise<Discussion>;
}
