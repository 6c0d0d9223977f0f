import { useMemo } from 'react';
import { discussionsApi } from '@kelasku/shared-api';
import { DiscussionBoard } from '../../components/discussions/DiscussionBoard';
import type { DiscussionSource } from '../../components/discussions/types';
import { PageTitle } from '../../components/PageTitle';

const groupSource: DiscussionSource = {
  kind: 'general',
  list: (page, pageSize) => discussionsApi.list(page, pageSize),
  create: (body) => discussionsApi.create(body),
  update: (id, body) => discussionsApi.update(id, body),
  remove: (id) => discussionsApi.remove(id),
  reply: (id, text) => discussionsApi.reply(id, text),
};

/** /GroupDiscussions: the school-wide question board. A failed load shows only the error, in place of the page. */
export function GroupDiscussionsPage() {
  const source = useMemo(() => groupSource, []);
  return (
    <DiscussionBoard
      source={source}
      heading={<PageTitle>Group Discussions</PageTitle>}
      errorText="Error fetching group discussions, please try again later."
      emptyText={'There are no discussions yet, be the first one to start the discussion by clicking the "Ask a Question" button.'}
      replaceOnError
    />
  );
}
