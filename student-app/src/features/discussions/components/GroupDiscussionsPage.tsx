import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { groupDiscussions } from '../api';
import { DiscussionBoard } from '../../../components/discussions/DiscussionBoard';

/** /GroupDiscussions: the school-wide question board. A failed load shows only the error, in place of the page. */
export default function GroupDiscussionsPage() {
  const { t } = useTranslation('student');
  return (
    <DiscussionBoard
      source={groupDiscussions}
      heading={<PageTitle>{t('groupDiscussions.title')}</PageTitle>}
      errorText={t('groupDiscussions.error')}
      emptyText={t('groupDiscussions.empty')}
      replaceOnError
    />
  );
}
