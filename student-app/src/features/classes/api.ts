import { queryOptions } from '@tanstack/react-query';
import { materialDiscussionsApi, materialsApi } from '@kelasku/shared-api';
import { materialKeys } from '../../lib/class-queries';
import { discussionKeys, type DiscussionSource } from '../../lib/discussions';

/** One material with its content. */
export const materialQuery = (materialId: number) =>
  queryOptions({ queryKey: materialKeys.detail(materialId), queryFn: () => materialsApi.detail(materialId) });

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
