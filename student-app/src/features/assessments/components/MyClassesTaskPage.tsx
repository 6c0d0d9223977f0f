import { useTranslation } from 'react-i18next';
import { AssignedClassList } from '../../../components/AssignedClassList';
import { ArchivedClassList } from '../../../components/ArchivedClassList';
import { PageTitle } from '../../../components/PageTitle';

/** /MyClassesTask: assigned classes leading to each class's task list; below, archived classes (results only). */
export default function MyClassesTaskPage() {
  const { t } = useTranslation('student');
  return (
    <>
      <PageTitle>{t('tasks.title')}</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyDetailClassesTask/${c.id}`} actionHint={t('tasks.seeTasks')} />
      <ArchivedClassList linkTo={(c) => `/MyDetailClassesTask/${c.id}`} />
    </>
  );
}
