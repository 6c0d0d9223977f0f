import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('student');
  const source = useMemo(() => groupSource, []);
  return (
    <DiscussionBoard
      source={source}
      heading={<PageTitle>{t('groupDiscussions.title')}</PageTitle>}
      errorText={t('groupDiscussions.error')}
      emptyText={t('groupDiscussions.empty')}
      replaceOnError
    />
  );
}
